//! *Share at the table*: the window's side of sharing the open game on the local network
//! (not in the web page). The top bar's button opens a panel with the address to listen on,
//! the port, *Start sharing* and, once sharing, the join address as a QR code and in words,
//! the seats (each with *Free seat*), and what the phones did last.

use std::net::IpAddr;

use egui::RichText;

use crate::host::SystemApp;
use crate::share::{DEFAULT_PORT, Options, Share, network};
use crate::store::DataDir;
use crate::ui::{theme, widgets};

/// How many of the phones' last events the panel lists.
const RECENT: usize = 4;

/// The sharing of one system's open game, and the panel's form.
#[derive(Default)]
pub struct Sharing {
    /// The share running, and the system (its index) whose game it shares.
    running: Option<(usize, Share)>,
    /// The panel is shown.
    pub open: bool,
    /// The port as typed.
    pub port: String,
    /// The address chosen to listen on, from `addresses`.
    pub address: usize,
    /// The machine's addresses, best first (read when the panel is opened).
    pub addresses: Vec<IpAddr>,
    /// Why sharing could not start, or stopped.
    pub problem: Option<String>,
    /// The join address drawn as a QR code.
    qr: Option<(String, egui::TextureHandle)>,
    /// What the phones did last, newest last.
    pub recent: Vec<String>,
}

impl Sharing {
    /// Whether a game is being shared.
    #[must_use]
    pub fn running(&self) -> Option<&Share> {
        self.running.as_ref().map(|(_, share)| share)
    }

    /// The top bar's button for the system shown (drawn only when its game can be shared, or
    /// while a game is shared).
    pub fn button(&mut self, ui: &mut egui::Ui, system: &mut dyn SystemApp) {
        // A touch screen is a phone or a tablet: a seat, never the host.
        if theme::is_touch(ui.ctx()) {
            return;
        }
        let shareable = system.shared().is_some();
        let label = match &self.running {
            Some((_, share)) => {
                let held = share.seats().iter().filter(|(_, held)| *held).count();
                format!("Sharing · {held} of {} seats", share.seats().len())
            }
            None if shareable => "Share at the table".to_owned(),
            None => return,
        };
        let text = RichText::new(label).size(theme::BODY);
        if ui
            .add(egui::Button::selectable(self.open, text))
            .on_hover_text("Each player's phone joins this game on the local network")
            .clicked()
        {
            self.open = !self.open;
            if self.open && self.addresses.is_empty() {
                self.addresses = network::addresses();
            }
        }
    }

    /// Carries out the phones' choices and keeps the phones up to date (each frame), and stops
    /// sharing when the shared game is closed.
    pub fn pump(&mut self, systems: &mut [crate::app::LazySystem]) {
        let Some((index, share)) = self.running.as_mut() else { return };
        let shared = systems.get_mut(*index).and_then(|s| s.shared());
        match shared {
            Some(mut table) if table.open_id() == Some(share.game.as_str()) => {
                let done = share.pump(table.as_mut());
                self.recent.extend(done);
                let extra = self.recent.len().saturating_sub(RECENT);
                self.recent.drain(..extra);
            }
            _ => {
                self.stop();
                self.problem = Some("Sharing stopped: the game was closed.".to_owned());
            }
        }
    }

    /// Stops sharing.
    pub fn stop(&mut self) {
        if let Some((_, share)) = self.running.take() {
            share.stop();
        }
        self.qr = None;
        self.recent.clear();
    }

    /// Starts sharing system `index`'s open game as the form says.
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        index: usize,
        system: &mut dyn SystemApp,
        data: Option<&DataDir>,
        title: &str,
    ) {
        self.stop();
        let port = self.port.trim();
        let port = if port.is_empty() { None } else { port.parse::<u16>().ok() };
        let bind =
            self.addresses.get(self.address).copied().unwrap_or(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST));
        let Some(table) = system.shared() else {
            self.problem = Some("No game is open to share.".to_owned());
            return;
        };
        let wake = ctx.clone();
        match Share::start(
            table.as_ref(),
            data,
            &Options { bind, port, title: title.to_owned() },
            Box::new(move || wake.request_repaint()),
        ) {
            Ok(share) => {
                self.port = share.listening.port().to_string();
                self.problem = None;
                self.running = Some((index, share));
            }
            Err(e) => self.problem = Some(e.to_string()),
        }
    }

    /// The panel, for system `index` (its data folder `data`).
    pub fn panel(
        &mut self,
        ctx: &egui::Context,
        index: usize,
        system: &mut dyn SystemApp,
        data: Option<&DataDir>,
        title: &str,
    ) {
        if !self.open {
            return;
        }
        let mut open = true;
        let mut start = false;
        let mut stop = false;
        let mut free = None;
        egui::Window::new("Share at the table")
            .open(&mut open)
            .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 56.0))
            .resizable(false)
            .collapsible(false)
            .default_width(360.0)
            .show(ctx, |ui| {
                ui.set_width(360.0);
                let v = ui.visuals().clone();
                match &self.running {
                    None => {
                        ui.label("Each player opens the address on their own phone, on the same Wi-Fi, and takes a seat: they see only their own hand.");
                        ui.add_space(theme::GAP);
                        let names: Vec<String> = self.addresses.iter().map(ToString::to_string).collect();
                        let chosen = names.get(self.address).cloned().unwrap_or_default();
                        widgets::row(ui, |ui| {
                            let label = widgets::row_label(ui, "Address");
                            egui::ComboBox::from_id_salt("share-address")
                                .selected_text(chosen)
                                .show_ui(ui, |ui| {
                                    for (i, name) in names.iter().enumerate() {
                                        ui.selectable_value(&mut self.address, i, name);
                                    }
                                })
                                .response
                                .labelled_by(label.id);
                        });
                        if self.port.is_empty() {
                            self.port = DEFAULT_PORT.to_string();
                        }
                        let bad = self.port.trim().parse::<u16>().is_err().then_some("a number from 0 to 65535");
                        widgets::checked_text_field(ui, "Port", &mut self.port, 80.0, bad);
                        if ui.add_enabled(bad.is_none(), egui::Button::new(RichText::new("Start sharing").size(theme::HEADING))).clicked() {
                            start = true;
                        }
                    }
                    Some((_, share)) => {
                        let address = share.addresses.first().cloned().unwrap_or_default();
                        if let Some(texture) = qr_texture(ui.ctx(), &mut self.qr, &address) {
                            ui.add(egui::Image::new(&texture).fit_to_exact_size(egui::vec2(200.0, 200.0)));
                        }
                        ui.label(RichText::new(&address).size(theme::HEADING).strong());
                        ui.label(RichText::new(format!("Join code {}", share.code())).size(theme::HEADING + 4.0).color(theme::accent(&v)));
                        ui.add_space(theme::GAP);
                        for (seat, held) in share.seats() {
                            widgets::row(ui, |ui| {
                                let state = if *held { "taken" } else { "free" };
                                ui.label(RichText::new(format!("{} · {state}", seat.name)).size(theme::BODY));
                                if *held && ui.button("Free seat").on_hover_text("Its phone loses the seat; another may take it").clicked() {
                                    free = Some(seat.id.clone());
                                }
                            });
                        }
                        ui.add_space(theme::GAP);
                        for line in &self.recent {
                            ui.label(RichText::new(line).color(theme::muted(&v)));
                        }
                        if ui.button(RichText::new("Stop sharing").size(theme::HEADING)).clicked() {
                            stop = true;
                        }
                    }
                }
                widgets::status_line(ui, theme::BODY, self.problem.as_ref().map(|p| RichText::new(p).color(theme::bad(&v))));
            });
        self.open = open;
        if start {
            self.start(ctx, index, system, data, title);
        }
        if stop {
            self.stop();
        }
        if let (Some(seat), Some((_, share))) = (free, self.running.as_mut())
            && let Err(why) = share.free_seat(&seat)
        {
            self.problem = Some(why);
        }
    }
}

/// The join address as a QR code texture, made once per address.
fn qr_texture(
    ctx: &egui::Context,
    cache: &mut Option<(String, egui::TextureHandle)>,
    address: &str,
) -> Option<egui::TextureHandle> {
    if let Some((for_address, texture)) = cache
        && for_address == address
    {
        return Some(texture.clone());
    }
    let code = qrcode::QrCode::new(address.as_bytes()).ok()?;
    let width = code.width();
    // A quiet zone of four modules all round, as readers expect.
    let side = width + 8;
    let colours = code.to_colors();
    let mut pixels = vec![egui::Color32::WHITE; side * side];
    for (i, colour) in colours.iter().enumerate() {
        if *colour == qrcode::Color::Dark {
            let (x, y) = (i % width + 4, i / width + 4);
            pixels[y * side + x] = egui::Color32::BLACK;
        }
    }
    let image = egui::ColorImage::new([side, side], pixels);
    let texture = ctx.load_texture("share-qr", image, egui::TextureOptions::NEAREST);
    *cache = Some((address.to_owned(), texture.clone()));
    Some(texture)
}
