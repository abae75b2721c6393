//! Beside every phase: each player's fighter (Health, blood counters, armour, weapon cards
//! against the limit, the hand against its limit, frags), the zombie pool, and the log.

use egui::{RichText, Ui};

use crate::systems::frag::game::{Game, Spot, Status};
use crate::systems::frag::rules::data::{Rulebook, Variant};
use crate::ui::theme;

/// Where a fighter is, in words.
fn status_words(book: &Rulebook, status: Status) -> String {
    match status {
        Status::Waiting => "enters on their first turn".into(),
        Status::Fragged => "fragged: respawns on their turn".into(),
        Status::Hanged(g) => format!("hanged on gallows square {g}"),
        Status::Active(Spot::Respawn(n)) => format!("on respawn square {n}"),
        Status::Active(Spot::Gallows(g)) => format!("on gallows square {g}"),
        Status::Active(Spot::TownSquare) => format!("at {}", book.zombies.respawn_point),
        Status::Active(Spot::Board) => "on the board".into(),
    }
}

/// Every player, in seat order, the current one marked.
pub fn players_ui(ui: &mut Ui, book: &Rulebook, game: &Game) {
    let v = ui.visuals().clone();
    let s = &game.state;
    for (seat, row) in s.scoreboard(book).into_iter().enumerate() {
        let Some(p) = s.players.get(seat) else { continue };
        let frame = egui::Frame::group(ui.style()).inner_margin(10);
        let frame = if row.current { frame.stroke(egui::Stroke::new(2.0, theme::accent(&v))) } else { frame };
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            // The name, then the character and where the fighter is, each on one line cut
            // short at the column's edge (whole on hover): a long name never widens the column.
            let marker = if row.current { "▶ " } else { "" };
            let name = RichText::new(format!("{marker}{}", row.name)).size(theme::HEADING).strong();
            ui.add(egui::Label::new(name).truncate());
            let place = format!("{} · {}", row.character, status_words(book, row.status));
            ui.add(egui::Label::new(RichText::new(place).color(theme::muted(&v))).truncate());
            crate::ui::widgets::row(ui, |ui| {
                let colour = if row.health == 0 {
                    theme::bad(&v)
                } else if row.health < row.max_health {
                    theme::accent(&v)
                } else {
                    v.strong_text_color()
                };
                ui.label(
                    RichText::new(format!("{}/{}", row.health, row.max_health))
                        .size(theme::BIG * 0.8)
                        .strong()
                        .color(colour),
                )
                .on_hover_text("Health now / Health with armour and gadgets");
                ui.vertical(|ui| {
                    ui.label("Health");
                    ui.label(format!("Blood counters {}", row.blood));
                });
                ui.vertical(|ui| {
                    let hand_limit = s.hand_limit(book, seat);
                    ui.label(format!("Hand {} (keeps {hand_limit})", row.hand));
                    ui.label(format!("Weapons {}/{}", row.weapons, row.weapon_limit));
                });
            });
            let score = match s.variant {
                Variant::Deadlands => format!("Frags {} of {}", row.frags, s.frag_target),
                Variant::Zombies => {
                    format!("Zombie frags {} of {}", row.zombie_frags, book.zombies.zombie_frags_to_win)
                }
            };
            ui.label(RichText::new(score).size(theme::BODY + 2.0).strong().color(theme::accent(&v)));
            for w in &p.weapons {
                let ammo = w.ammo_left.map_or_else(|| "unlimited ammo".to_owned(), |a| format!("{a} ammo"));
                let extra = if w.card.extra > 0 { format!(" +{}", w.card.extra) } else { String::new() };
                ui.label(format!("Weapon: {} ({}d{extra}, {ammo})", w.card.name, w.card.dice));
            }
            for a in &p.armour {
                ui.label(format!("Armour: {} (+{}, {} taken)", a.name, a.bonus, a.taken));
            }
            for g in &p.gadgets {
                let health = if g.health > 0 { format!(" (+{} Health)", g.health) } else { String::new() };
                ui.label(format!("Gadget: {}{health}", g.name));
            }
            for h in &p.hexes {
                ui.label(format!("Hex: {h}"));
            }
            let kind = if s.variant == Variant::Zombies { "Event" } else { "Special" };
            for sp in &p.specials {
                ui.label(format!("{kind}: {sp}"));
            }
            if p.held_attack {
                ui.label(RichText::new("Holds an attack").strong().color(theme::accent(&v)));
            }
        });
        ui.add_space(4.0);
    }
    if s.variant == Variant::Zombies {
        ui.label(
            RichText::new(format!(
                "Zombie pool {} · on the board {}",
                s.zombie_pool,
                s.zombies_on_board(book)
            ))
            .size(theme::BODY + 2.0)
            .strong(),
        );
    }
}

/// The log, newest at the bottom, in plain words.
pub fn log_ui(ui: &mut Ui, book: &Rulebook, game: &Game) {
    let v = ui.visuals().clone();
    let s = &game.state;
    for line in s.reminders(book) {
        ui.label(RichText::new(line).color(theme::accent(&v)).strong());
    }
    crate::ui::log::log_panel(ui, &game.lines, crate::ui::log::LogOptions::new("frag-log"), |_, line| {
        RichText::new(line)
    });
}
