//! The web page (`wasm32-unknown-unknown`): the same app as the desktop's, started by eframe's
//! web runner on the page's canvas, with the browser's ways of doing what the desktop does
//! with files: the player's data in the page's persistent storage (`crate::store`), a file
//! picker to import and downloads to export and print.
//!
//! Nothing here draws a screen: [`WebApp`] wraps [`PosseApp`] and adds only what a page needs
//! (touch sizes, the game reopened after a reload, the first-frame mark for
//! `scripts/bench-web.mjs`, and, with `?test` in the address, the hook the browser test
//! drives the app through: [`TestHook`]).
//!
//! The screens are the desktop's, laid out by size (`crate::ui::theme`: touch sizes, narrow
//! windows). The page around the canvas is `web/`: `index.html`, the manifest, the icons
//! (`scripts/make-icons.py`) and the service worker (`sw.js`: caches every file of the build
//! under the build's version, so the page works offline after the first visit);
//! `scripts/build-web.sh` builds it all into `target/site/`.

use std::sync::{Arc, Mutex, PoisonError};

use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;

use crate::app::PosseApp;

thread_local! {
    /// The app's context, so an answer that arrives between frames (a picked file) can ask
    /// for the frame that shows it.
    static CONTEXT: std::cell::RefCell<Option<egui::Context>> = const { std::cell::RefCell::new(None) };
}

/// Asks for a frame: something changed outside the app's input (a file was read).
fn repaint() {
    CONTEXT.with(|c| {
        if let Some(ctx) = &*c.borrow() {
            ctx.request_repaint();
        }
    });
}

/// Starts the app on the canvas `#posse`: called by the binary's `main` in the page.
pub fn start() {
    wasm_bindgen_futures::spawn_local(async {
        if let Err(e) = run().await {
            let message = e.as_string().unwrap_or_else(|| format!("{e:?}"));
            show_status(&format!("Posse could not start: {message}"));
        }
    });
}

async fn run() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("there is no window")?;
    let document = window.document().ok_or("there is no document")?;
    let canvas = document
        .get_element_by_id("posse")
        .ok_or("the page has no canvas called posse")?
        .dyn_into::<web_sys::HtmlCanvasElement>()?;
    let search = window.location().search().unwrap_or_default();
    let test = web_sys::UrlSearchParams::new_with_str(&search).is_ok_and(|p| p.has("test"));
    // Ask the browser to keep the page's storage under storage pressure (best effort: the
    // answer comes later and changes nothing here).
    if let Ok(storage) = window.navigator().storage().dyn_into::<web_sys::StorageManager>() {
        let _ = storage.persist();
    }
    let runner = eframe::WebRunner::new();
    runner
        .start(canvas, eframe::WebOptions::default(), Box::new(move |cc| Ok(Box::new(WebApp::new(cc, test)))))
        .await?;
    show_status("");
    Ok(())
}

/// Shows a sentence in the page's status line (`#status`), or hides it when empty.
fn show_status(text: &str) {
    let Some(status) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("status"))
    else {
        return;
    };
    status.set_text_content(Some(text));
    if let Ok(status) = status.dyn_into::<web_sys::HtmlElement>() {
        let _ = status.style().set_property("display", if text.is_empty() { "none" } else { "block" });
    }
}

/// The app in the page.
pub struct WebApp {
    app: PosseApp,
    /// Frames started so far (the first drawn frame is marked when the second starts).
    frames: u32,
    /// The browser test's hook, with `?test` in the address.
    hook: Option<Arc<Mutex<Snapshot>>>,
}

impl WebApp {
    fn new(cc: &eframe::CreationContext<'_>, test: bool) -> WebApp {
        CONTEXT.with(|c| *c.borrow_mut() = Some(cc.egui_ctx.clone()));
        // A reload (or the phone closing the tab behind the player's back) comes back to the
        // game at the table.
        let app = PosseApp::at_the_table(cc, crate::systems::ALL);
        crate::ui::theme::touch(&cc.egui_ctx);
        let hook = test.then(|| TestHook::install(&cc.egui_ctx));
        WebApp { app, frames: 0, hook }
    }
}

impl eframe::App for WebApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.frames = self.frames.saturating_add(1);
        match self.frames {
            1 => ui.ctx().request_repaint(),
            2 => mark("posse-first-frame"),
            _ => {}
        }
        self.app.ui(ui, frame);
        if let Some(hook) = &self.hook {
            let state = self.app.test_state();
            hook.lock().unwrap_or_else(PoisonError::into_inner).state = state;
        }
    }
}

/// Sets a mark on the page's performance timeline (time since the navigation started).
fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark(name);
    }
}

/// Asks the player for a file (the browser's file picker); `answer` gets its name and bytes.
/// Nothing happens when the player cancels.
pub fn pick_file(accept: &str, answer: impl FnOnce(String, Vec<u8>) + 'static) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(input) = document.create_element("input").map(JsCast::unchecked_into::<web_sys::HtmlInputElement>)
    else {
        return;
    };
    input.set_type("file");
    input.set_accept(accept);
    let _ = input.style().set_property("display", "none");
    // In the document while the picker is open, so every browser delivers its answer.
    if let Some(body) = document.body() {
        let _ = body.append_child(&input);
    }
    let chosen = input.clone();
    let mut answer = Some(answer);
    let on_change = Closure::<dyn FnMut()>::new(move || {
        chosen.remove();
        let file = chosen.files().and_then(|files| files.get(0));
        let (Some(file), Some(answer)) = (file, answer.take()) else { return };
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
                answer(file.name(), js_sys::Uint8Array::new(&buffer).to_vec());
                repaint();
            }
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The page keeps the handler as long as the input lives.
    on_change.forget();
    input.click();
}

/// Offers `bytes` as a download called `name`.
///
/// # Errors
/// When the browser refuses to make the file (a sentence fragment).
pub fn download(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: &JsValue| format!("the browser refused the download ({e:?})");
    let document = web_sys::window().and_then(|w| w.document()).ok_or("there is no page")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(|e| fail(&e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| fail(&e))?;
    let link =
        document.create_element("a").map_err(|e| fail(&e))?.unchecked_into::<web_sys::HtmlAnchorElement>();
    link.set_href(&url);
    link.set_download(name);
    if let Some(body) = document.body() {
        let _ = body.append_child(&link);
    }
    link.click();
    link.remove();
    // The download has its own copy once it started; the URL can go after a moment.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    }
    Ok(())
}

/// What the browser test reads: the widgets on screen (from the tree egui builds for screen
/// readers) and the app's state in words.
#[derive(Default)]
struct Snapshot {
    /// Each widget with a name: role, name, value, disabled, and its rectangle in CSS pixels.
    widgets: Vec<Widget>,
    /// The widget tree's node ids, parallel to `widgets`, to act on one.
    ids: Vec<egui::accesskit::NodeId>,
    /// Accessibility actions to hand to egui with the next frame's input.
    actions: Vec<egui::accesskit::ActionRequest>,
    /// The app's state as JSON (`PosseApp::test_state`).
    state: String,
}

#[derive(Clone, serde::Serialize)]
struct Widget {
    role: String,
    name: String,
    value: String,
    disabled: bool,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

/// `window.posse_test`, the browser test's way in (only with `?test` in the address):
/// `widgets()` lists every named widget on screen with its rectangle, so the test taps and
/// types with the browser's real touch and keyboard events at the widget a player would;
/// `show(name)` scrolls a widget into view (egui's own "scroll into view" action, what a
/// screen reader asks for); `state()` is the app's state as JSON.
///
/// Why this and not coordinates or pixels: egui draws on a canvas, so the page has no
/// elements to find; the accessibility tree names every control exactly as the desktop
/// tests find them (`egui_kittest` reads the same tree), so the test survives layout
/// changes, and the taps still go through the browser, eframe and egui's hit testing.
pub struct TestHook {
    snapshot: Arc<Mutex<Snapshot>>,
}

impl TestHook {
    fn install(ctx: &egui::Context) -> Arc<Mutex<Snapshot>> {
        ctx.enable_accesskit();
        let snapshot = Arc::new(Mutex::new(Snapshot::default()));
        ctx.add_plugin(TestHook { snapshot: Arc::clone(&snapshot) });
        let window = web_sys::window();
        let api = js_sys::Object::new();
        let lock = |s: &Arc<Mutex<Snapshot>>| {
            let s = Arc::clone(s);
            move || Arc::clone(&s)
        };
        let widgets_of = lock(&snapshot);
        let widgets = Closure::<dyn Fn() -> String>::new(move || {
            let s = widgets_of();
            let s = s.lock().unwrap_or_else(PoisonError::into_inner);
            serde_json::to_string(&s.widgets).unwrap_or_default()
        });
        let state_of = lock(&snapshot);
        let state = Closure::<dyn Fn() -> String>::new(move || {
            state_of().lock().unwrap_or_else(PoisonError::into_inner).state.clone()
        });
        let show_of = lock(&snapshot);
        let repaint = ctx.clone();
        let show = Closure::<dyn Fn(String) -> bool>::new(move |name: String| {
            let s = show_of();
            let mut s = s.lock().unwrap_or_else(PoisonError::into_inner);
            let Some(at) = s.widgets.iter().position(|w| w.name == name) else { return false };
            let Some(&target_node) = s.ids.get(at) else { return false };
            s.actions.push(egui::accesskit::ActionRequest {
                action: egui::accesskit::Action::ScrollIntoView,
                target_tree: egui::accesskit::TreeId::ROOT,
                target_node,
                data: None,
            });
            repaint.request_repaint();
            true
        });
        for (name, f) in [("widgets", widgets.as_ref()), ("state", state.as_ref()), ("show", show.as_ref())] {
            let _ = js_sys::Reflect::set(&api, &name.into(), f);
        }
        widgets.forget();
        state.forget();
        show.forget();
        if let Some(window) = window {
            let _ = js_sys::Reflect::set(&window, &"posse_test".into(), &api);
        }
        snapshot
    }
}

impl egui::plugin::Plugin for TestHook {
    fn debug_name(&self) -> &'static str {
        "posse-test-hook"
    }

    fn input_hook(&mut self, _ctx: &egui::Context, input: &mut egui::RawInput) {
        let mut s = self.snapshot.lock().unwrap_or_else(PoisonError::into_inner);
        input.events.extend(s.actions.drain(..).map(egui::Event::AccessKitActionRequest));
    }

    fn output_hook(&mut self, ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(update) = &output.platform_output.accesskit_update else { return };
        // Node rectangles are in points; the page's pixels are points times the zoom.
        let zoom = ctx.zoom_factor();
        let mut widgets = Vec::new();
        let mut ids = Vec::new();
        let by_id: std::collections::HashMap<_, _> =
            update.nodes.iter().map(|(id, node)| (*id, node)).collect();
        // A widget's name as a screen reader reads it: its label, a text label's words, or the
        // label it is labelled by (egui resolves chains of those to one step).
        let own_name = |node: &egui::accesskit::Node| {
            node.label().map(str::to_owned).or_else(|| {
                (node.role() == egui::accesskit::Role::Label)
                    .then(|| node.value().unwrap_or_default().to_owned())
            })
        };
        for (id, node) in &update.nodes {
            let name = own_name(node)
                .or_else(|| node.labelled_by().iter().find_map(|l| by_id.get(l).and_then(|n| own_name(n))))
                .unwrap_or_default();
            let Some(rect) = node.bounds() else { continue };
            if name.is_empty() {
                continue;
            }
            #[expect(clippy::cast_possible_truncation, reason = "screen coordinates")]
            let at = |v: f64| v as f32 * zoom;
            widgets.push(Widget {
                role: format!("{:?}", node.role()),
                name,
                value: node.value().unwrap_or_default().to_owned(),
                disabled: node.is_disabled(),
                x: at(rect.x0),
                y: at(rect.y0),
                w: at(rect.x1 - rect.x0),
                h: at(rect.y1 - rect.y0),
            });
            ids.push(*id);
        }
        let mut s = self.snapshot.lock().unwrap_or_else(PoisonError::into_inner);
        s.widgets = widgets;
        s.ids = ids;
    }
}
