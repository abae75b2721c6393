//! Hands, cards in play and counters, for any player: draws (a joker drawn in play is
//! discarded for a free draw), discards, a card played (a weapon against the weapon limit,
//! armour, a gadget, a hex, a Special or an event card, a healing card), cards in play
//! reloaded, dropped or discarded, blood counters spent, Health lost to a card; the leftovers
//! on the map; and in Frag Zombies!!! the zombies a card frags, returns or places. Posse keeps
//! the count and reminds; it does not play each card's text.

use egui::{RichText, Ui};

use super::super::stepper;
use super::{PlayCommand, PlayState, event_button, who};
use crate::systems::frag::game::{Event, Game, Play, Take, WeaponCard, typed};
use crate::systems::frag::rules::Deck;
use crate::systems::frag::rules::data::{Rulebook, Variant, Zombies};
use crate::ui::theme;
use crate::ui::widgets::{choice, row, row_label, toggle};

/// The kind of card being played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CardKind {
    #[default]
    Weapon,
    Armour,
    Gadget,
    Hex,
    /// A Special (Frag Deadlands) or an event card (Frag Zombies!!!).
    Special,
    Heal,
    Other,
}

/// The cards form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardsForm {
    /// The player whose cards are shown (`None`: the current player).
    pub player: Option<usize>,
    pub deck: Deck,
    pub count: u32,
    pub kind: CardKind,
    pub name: String,
    /// Damage dice (a weapon), Health (armour, a gadget) or Health healed.
    pub number: u32,
    pub extra: u32,
    /// Ammo (0: unlimited).
    pub ammo: u32,
    /// A lasting Special or event card, or a healing card that may pass the Health.
    pub flag: bool,
    /// Played on another player's fighter.
    pub on: Option<usize>,
    /// The First Aid Kit's d6, as typed.
    pub roll: String,
    pub wound: u32,
    /// The wounded fighter's player says he can cure a frag at once (reading R33).
    pub wound_cure: bool,
    pub zombies: u32,
}

impl Default for CardsForm {
    fn default() -> CardsForm {
        CardsForm {
            player: None,
            deck: Deck::Weapons,
            count: 1,
            kind: CardKind::Weapon,
            name: String::new(),
            number: 2,
            extra: 0,
            ammo: 0,
            flag: false,
            on: None,
            roll: String::new(),
            wound: 1,
            wound_cure: false,
            zombies: 1,
        }
    }
}

/// Cards and counters, below the turn.
#[expect(clippy::too_many_lines, reason = "every card and counter a player keeps, in one panel")]
pub fn cards_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    let Some(current) = s.current_player() else { return };
    let form = &mut state.cards;
    egui::CollapsingHeader::new(RichText::new("Cards, counters and leftovers").strong())
        .id_salt("frag-cards")
        .default_open(true)
        .show(ui, |ui| {
            let seat = form.player.filter(|&p| p < s.players.len()).unwrap_or(current);
            ui.horizontal_wrapped(|ui| {
                row_label(ui, "Whose cards");
                for p in 0..s.players.len() {
                    if ui
                        .add(egui::Button::selectable(seat == p, who(game, p)))
                        .accessible_name(format!("Cards of {}", who(game, p)))
                        .clicked()
                    {
                        form.player = Some(p);
                    }
                }
            });
            let Some(p) = s.players.get(seat) else { return };
            let name = p.name.clone();
            let decks: Vec<(Deck, &str)> = match s.variant {
                Variant::Deadlands => vec![
                    (Deck::Weapons, "Weapons"),
                    (Deck::Gadgets, "Gadgets"),
                    (Deck::Hexes, "Hexes"),
                    (Deck::Specials, "Specials"),
                ],
                Variant::Zombies => {
                    vec![(Deck::Weapons, "Weapons"), (Deck::Gadgets, "Gadgets"), (Deck::Events, "Events")]
                }
            };
            if !decks.iter().any(|(d, _)| *d == form.deck) {
                form.deck = Deck::Weapons;
            }
            ui.horizontal_wrapped(|ui| {
                choice(ui, "Draw from", &mut form.deck, &decks, |_| true);
            });
            ui.horizontal_wrapped(|ui| {
                stepper(ui, "Cards", &mut form.count, 1, 10);
                event_button(
                    ui,
                    book,
                    game,
                    &format!("{name} draws"),
                    Event::Draw { player: seat, deck: form.deck, count: form.count },
                    commands,
                );
                event_button(
                    ui,
                    book,
                    game,
                    &format!("{name} discards"),
                    Event::Discard { player: seat, count: form.count },
                    commands,
                );
                event_button(
                    ui,
                    book,
                    game,
                    &format!("{name} drew a joker"),
                    Event::JokerDrawn { player: seat },
                    commands,
                );
            });
            ui.add_space(6.0);
            ui.label(RichText::new(format!("{name} plays a card")).strong());
            let mut kinds = vec![
                (CardKind::Weapon, "Weapon"),
                (CardKind::Armour, "Armour"),
                (CardKind::Gadget, "Gadget"),
                (CardKind::Heal, "Healing"),
                (CardKind::Other, "Other"),
            ];
            match s.variant {
                Variant::Deadlands => {
                    kinds.insert(3, (CardKind::Hex, "Hex"));
                    kinds.insert(4, (CardKind::Special, "Special"));
                }
                Variant::Zombies => kinds.insert(3, (CardKind::Special, "Event")),
            }
            ui.horizontal_wrapped(|ui| choice(ui, "Card", &mut form.kind, &kinds, |_| true));
            row(ui, |ui| {
                let l = row_label(ui, "Card's name");
                ui.add(
                    egui::TextEdit::singleline(&mut form.name)
                        .char_limit(typed::NAME_CHARS)
                        .desired_width(200.0),
                )
                .labelled_by(l.id);
            });
            ui.vertical(|ui| match form.kind {
                CardKind::Weapon => {
                    stepper(ui, "Damage dice", &mut form.number, typed::DAMAGE_DICE.0, typed::DAMAGE_DICE.1);
                    stepper(
                        ui,
                        "Extra damage",
                        &mut form.extra,
                        typed::EXTRA_DAMAGE.0,
                        typed::EXTRA_DAMAGE.1,
                    );
                    stepper(ui, "Ammo (0: unlimited)", &mut form.ammo, typed::AMMO.0, typed::AMMO.1);
                }
                CardKind::Armour => stepper(
                    ui,
                    "Health bonus",
                    &mut form.number,
                    typed::ARMOUR_BONUS.0,
                    typed::ARMOUR_BONUS.1,
                ),
                CardKind::Gadget => stepper(
                    ui,
                    "Health it adds",
                    &mut form.number,
                    typed::GADGET_HEALTH.0,
                    typed::GADGET_HEALTH.1,
                ),
                CardKind::Heal => {
                    stepper(ui, "Health healed", &mut form.number, typed::HEALED.0, typed::HEALED.1);
                    toggle(ui, &mut form.flag, "May go above their Health");
                }
                CardKind::Special => toggle(ui, &mut form.flag, "Stays in play"),
                CardKind::Hex | CardKind::Other => {}
            });
            let on_others =
                matches!(form.kind, CardKind::Heal | CardKind::Hex | CardKind::Special | CardKind::Other);
            if on_others {
                ui.horizontal_wrapped(|ui| {
                    row_label(ui, "On");
                    for t in 0..s.players.len() {
                        let picked = form.on.unwrap_or(seat) == t;
                        if ui
                            .add(egui::Button::selectable(picked, who(game, t)))
                            .accessible_name(format!("Played on {}", who(game, t)))
                            .clicked()
                        {
                            form.on = Some(t);
                        }
                    }
                });
            }
            let card_name = form.name.trim().to_owned();
            let card = match form.kind {
                CardKind::Weapon => Play::Weapon(WeaponCard {
                    name: card_name,
                    dice: form.number,
                    extra: form.extra,
                    ammo: (form.ammo > 0).then_some(form.ammo),
                }),
                CardKind::Armour => Play::Armour { name: card_name, bonus: form.number },
                CardKind::Gadget => Play::Gadget { name: card_name, health: form.number },
                CardKind::Hex => Play::Hex { name: card_name },
                CardKind::Special if s.variant == Variant::Zombies => {
                    // The First Aid Kit's d6 and the Chainsaw's weapon card (reading R32), typed
                    // under the button.
                    let z = &book.zombies;
                    let roll = Zombies::names(&z.events_blood_roll, &card_name)
                        .then(|| form.roll.trim().parse::<u8>().ok())
                        .flatten();
                    let weapon = Zombies::names(&z.events_kept_weapon, &card_name).then(|| WeaponCard {
                        name: card_name.clone(),
                        dice: form.number,
                        extra: form.extra,
                        ammo: (form.ammo > 0).then_some(form.ammo),
                    });
                    Play::Event { name: card_name, lasting: form.flag, roll, weapon }
                }
                CardKind::Special => Play::Special { name: card_name, lasting: form.flag },
                CardKind::Heal => Play::Heal { name: card_name, amount: form.number, beyond_max: form.flag },
                CardKind::Other => Play::Other { name: card_name },
            };
            let on = if on_others { form.on.filter(|&t| t != seat) } else { None };
            event_button(ui, book, game, "Play the card", Event::Play { player: seat, card, on }, commands);
            if form.kind == CardKind::Special && s.variant == Variant::Zombies {
                let z = &book.zombies;
                if Zombies::names(&z.events_blood_roll, &form.name) {
                    super::super::die(
                        ui,
                        &format!("{}'s d6 (blood counters)", form.name.trim()),
                        &mut form.roll,
                    );
                }
                if Zombies::names(&z.events_kept_weapon, &form.name) {
                    ui.label("Its weapon card, in play for the rest of the game beyond the weapon limit:");
                    stepper(ui, "Damage dice", &mut form.number, typed::DAMAGE_DICE.0, typed::DAMAGE_DICE.1);
                    stepper(
                        ui,
                        "Extra damage",
                        &mut form.extra,
                        typed::EXTRA_DAMAGE.0,
                        typed::EXTRA_DAMAGE.1,
                    );
                    stepper(ui, "Ammo (0: unlimited)", &mut form.ammo, typed::AMMO.0, typed::AMMO.1);
                }
            }

            ui.add_space(6.0);
            ui.label(RichText::new(format!("{name}'s cards in play")).strong());
            let mut in_play: Vec<(String, bool, bool)> = Vec::new();
            for w in &p.weapons {
                in_play.push((w.card.name.clone(), true, w.card.ammo.is_some()));
            }
            for a in &p.armour {
                in_play.push((a.name.clone(), true, false));
            }
            for g in &p.gadgets {
                in_play.push((g.name.clone(), true, false));
            }
            for c in p.hexes.iter().chain(&p.specials) {
                in_play.push((c.clone(), false, false));
            }
            if in_play.is_empty() {
                ui.label(RichText::new("None.").color(theme::muted(ui.visuals())));
            }
            for (card, droppable, reloadable) in in_play {
                ui.push_id(&card, |ui| {
                    row(ui, |ui| {
                        ui.label(&card);
                        if reloadable {
                            event_button(
                                ui,
                                book,
                                game,
                                &format!("Reload the {card} (a gadget card)"),
                                Event::Reload { player: seat, weapon: card.clone(), gadget: None },
                                commands,
                            );
                        }
                        if droppable && seat == current {
                            event_button(
                                ui,
                                book,
                                game,
                                &format!("Drop the {card}"),
                                Event::Drop { player: seat, card: card.clone() },
                                commands,
                            );
                        }
                        event_button(
                            ui,
                            book,
                            game,
                            &format!("Discard the {card}"),
                            Event::Remove { player: seat, card: card.clone() },
                            commands,
                        );
                    });
                });
            }
            // Always there (greyed out without a counter), so a counter picked up moves
            // nothing.
            row(ui, |ui| {
                event_button(
                    ui,
                    book,
                    game,
                    &format!("{name} spends a blood counter"),
                    Event::SpendBlood { player: seat },
                    commands,
                );
            });
            // Whether the card's wound takes the fighter to 0 Health or less.
            let (frags, blood) = s
                .players
                .get(seat)
                .map_or((false, 0), |p| (p.is_active() && form.wound >= p.health.max(1), p.blood));
            ui.horizontal_wrapped(|ui| {
                stepper(ui, "Health lost to a card", &mut form.wound, 1, 20);
                event_button(
                    ui,
                    book,
                    game,
                    &format!("{name} loses {} Health", form.wound),
                    Event::Wound { player: seat, amount: form.wound, cure: frags && form.wound_cure },
                    commands,
                );
            });
            // Beside the card that would frag him, as on the attack panel (reading R33).
            if frags && s.edition >= 2 {
                let has = if blood > 0 { ", they have a blood counter" } else { "" };
                let tick =
                    format!("{name} can cure it at once (a healing card, a blood counter in reach{has})");
                crate::ui::widgets::toggle(ui, &mut form.wound_cure, &tick);
            } else {
                form.wound_cure = false;
            }
            if s.variant == Variant::Zombies {
                ui.horizontal_wrapped(|ui| {
                    stepper(ui, "Zombies", &mut form.zombies, 1, 50);
                    event_button(
                        ui,
                        book,
                        game,
                        &format!("{name} frags {} with a card", form.zombies),
                        Event::ZombieFrags { player: seat, count: form.zombies },
                        commands,
                    );
                    event_button(
                        ui,
                        book,
                        game,
                        &format!("{name} returns {} to the pool", form.zombies),
                        Event::ReturnZombies { player: seat, count: form.zombies },
                        commands,
                    );
                    event_button(
                        ui,
                        book,
                        game,
                        &format!("Place {} from the pool", form.zombies),
                        Event::PlaceZombies { count: form.zombies },
                        commands,
                    );
                });
            }
            leftovers_ui(ui, book, game, current, commands);
        });
}

/// The piles left where fighters were fragged (or dropped cards): the current player takes one
/// thing from a pile when his fighter enters its square.
fn leftovers_ui(ui: &mut Ui, book: &Rulebook, game: &Game, current: usize, commands: &mut Vec<PlayCommand>) {
    let s = &game.state;
    if s.leftovers.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Leftovers on the map").strong());
    for pile in &s.leftovers {
        ui.push_id(("pile", pile.id), |ui| {
            ui.horizontal_wrapped(|ui| {
                let mut things: Vec<String> = Vec::new();
                if pile.blood {
                    things.push("a blood counter".into());
                }
                things.extend(pile.weapons.iter().map(|w| w.name.clone()));
                things.extend(pile.gadgets.iter().cloned());
                ui.label(format!(
                    "Pile {} where {} fell: {}",
                    pile.id + 1,
                    who(game, pile.from),
                    things.join(", ")
                ));
                if pile.blood {
                    event_button(
                        ui,
                        book,
                        game,
                        &format!("Take the blood counter (pile {})", pile.id + 1),
                        Event::PickUp { player: current, pile: pile.id, take: Take::Blood },
                        commands,
                    );
                }
                for card in pile.weapons.iter().map(|w| &w.name).chain(&pile.gadgets) {
                    event_button(
                        ui,
                        book,
                        game,
                        &format!("Take the {card} (pile {})", pile.id + 1),
                        Event::PickUp {
                            player: current,
                            pile: pile.id,
                            take: Take::Card { name: card.clone() },
                        },
                        commands,
                    );
                }
            });
        });
    }
}
