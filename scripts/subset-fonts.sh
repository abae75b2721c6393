#!/usr/bin/env sh
# How data/fonts/DejaVuSans*.ttf were made from Debian's fonts-dejavu-core 2.37 (run once,
# by a developer; the build needs nothing of this): the scripts a table uses (Latin, Greek,
# Cyrillic), punctuation, arrows, maths, box drawing, shapes, the card suits and other
# symbols, without hinting, which neither the PDF viewers nor egui use. It halves what the
# fonts add to the web page's download (about 400 KB gzipped less for the two).
#
#   pip install fonttools && scripts/subset-fonts.sh /usr/share/fonts/truetype/dejavu
set -eu
from=${1:-/usr/share/fonts/truetype/dejavu}
cd "$(dirname "$0")/../data/fonts"
for font in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "$from/$font.ttf" --output-file="$font.ttf" \
    --unicodes="U+0000-036F,U+0370-03FF,U+0400-052F,U+1E00-1EFF,U+2000-206F,U+2070-209F,U+20A0-20CF,U+2100-214F,U+2150-218F,U+2190-21FF,U+2200-22FF,U+2300-23FF,U+2460-24FF,U+2500-257F,U+2580-259F,U+25A0-25FF,U+2600-26FF,U+2700-27BF,U+FB00-FB06,U+FFFD" \
    --no-hinting --layout-features='*' --name-IDs='*' --name-legacy --name-languages='*' \
    --notdef-outline --legacy-kern
done
