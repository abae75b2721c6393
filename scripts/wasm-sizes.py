#!/usr/bin/env python3
"""Where the web page's .wasm goes: its code by crate (and by Posse's modules), from the
function names a build with symbols keeps. Usage:

    cargo build --profile web-names --target wasm32-unknown-unknown --bin posse
    python3 scripts/wasm-sizes.py target/wasm32-unknown-unknown/web-names/posse.wasm

The `web-names` profile is the `web` one with its symbols kept (Cargo.toml)."""
import sys, re, collections
data = open(sys.argv[1], 'rb').read()
def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i
i = 8; sections = []
nimports = 0; code = []; names = {}; datasize = 0
while i < len(data):
    sid = data[i]; i += 1
    size, i = leb(data, i); start = i; end = i + size
    if sid == 2:
        n, j = leb(data, i)
        for _ in range(n):
            l, j = leb(data, j); j += l
            l, j = leb(data, j); j += l
            kind = data[j]; j += 1
            if kind == 0: _, j = leb(data, j); nimports += 1
            elif kind == 1: j += 1; fl, j = leb(data, j); _, j = leb(data, j); 
            elif kind == 2:
                fl, j = leb(data, j); _, j = leb(data, j)
                if fl & 1: _, j = leb(data, j)
            elif kind == 3: j += 2
    elif sid == 10:
        n, j = leb(data, i)
        for _ in range(n):
            l, j2 = leb(data, j); code.append(l + (j2 - j)); j = j2 + l
    elif sid == 11: datasize = size
    elif sid == 0:
        l, j = leb(data, i); nm = data[j:j+l].decode(); j += l
        if nm == 'name':
            while j < end:
                sub = data[j]; j += 1; ssz, j = leb(data, j); send = j + ssz
                if sub == 1:
                    n, k = leb(data, j)
                    for _ in range(n):
                        idx, k = leb(data, k); l2, k = leb(data, k); names[idx] = data[k:k+l2].decode('utf8', 'replace'); k += l2
                j = send
    sections.append((sid, size)); i = end
print('sections', sections)
print('code total', sum(code), 'data', datasize)
def segs(n):
    if not n.startswith('_ZN'): return [n]
    i=3; out=[]
    while i<len(n) and n[i]!='E':
        m=re.match(r'\d+',n[i:])
        if not m: break
        l=int(m.group()); i+=len(m.group()); out.append(n[i:i+l]); i+=l
    return out or [n]
by=collections.Counter()
for k,sz in enumerate(code):
    n=names.get(k+nimports,'?'); s=segs(n)
    first=s[0].replace('$LT$','<').replace('$GT$','>').replace('..','::').replace('$u20$',' ').replace('$RF$','&')
    m=re.search(r'([a-z_][a-z0-9_]*)::',first)
    crate=m.group(1) if m else first
    if crate=='posse' and len(s)>2: crate='posse::'+'::'.join(s[1:3])
    elif crate=='posse': crate=first[:60]
    by[crate]+=sz
for c,sz in by.most_common(50): print(f'{sz:>9} {c}')
