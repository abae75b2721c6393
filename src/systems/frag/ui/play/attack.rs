//! The attack panel: the target, the weapon (the starting weapon, a weapon card in play, or a
//! new one played from the hand, typed from the card), the range and the cards' bonuses; the
//! chance to hit and the exact damage odds (none, each Health lost, the frag, the gallows)
//! before anything is rolled; then the rolls typed or rolled, the gallows square when the
//! damage calls for one, and the attack sent as one event. Also held attacks and shootouts,
//! and the map's hazards.

use egui::{RichText, Ui};

use super::super::{
    dice_field, dice_field_with, inline_stepper, inline_stepper_shown, reroll_field, stepper,
};
use super::{PlayCommand, PlayState, event_button, main_button, main_button_waiting, who};
use crate::systems::frag::game::{Attack, Event, GallowsRule, Game, Shootout, Target, WeaponCard, WeaponUse};
use crate::systems::frag::rules::combat;
use crate::systems::frag::rules::data::{Rulebook, Variant};
use crate::systems::frag::rules::poker::PokerCard;
use crate::systems::frag::rules::shootout::{self, FirstShot};
use crate::ui::theme;
use crate::ui::widgets::{probability_bar, problem, row, row_label, toggle};

/// What the attack is aimed at, as picked on the panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TargetPick {
    #[default]
    None,
    Player(usize),
    Zombie,
}

/// The weapon picked on the panel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum WeaponPick {
    #[default]
    Starting,
    InPlay(String),
    /// A weapon card played from the hand now, typed from the card.
    New,
}

/// The attack being prepared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackForm {
    pub target: TargetPick,
    pub weapon: WeaponPick,
    pub new_name: String,
    pub new_dice: u32,
    pub new_extra: u32,
    /// Shots on the new card's ammo track; 0 for unlimited.
    pub new_ammo: u32,
    pub range: u32,
    pub hit_bonus: u32,
    pub damage_bonus: u32,
    pub extra: u32,
    pub to_hit: String,
    pub damage: String,
    pub defence: String,
    /// The second rolls of the 1s on each roll, for a roller who rolls them again.
    pub to_hit_rerolls: String,
    pub damage_rerolls: String,
    pub defence_rerolls: String,
    /// The Saloon Gal discards a card for one more defence die.
    pub defence_die: bool,
    /// The gallows square picked for the victim.
    pub gallows: Option<u8>,
    /// Firing this player's held attack (a shootout) at the current player.
    pub held_by: Option<usize>,
    /// The target's player says he can cure a frag at once (a healing card, a blood counter
    /// in reach; reading R33).
    pub cure: bool,
}

impl Default for AttackForm {
    fn default() -> AttackForm {
        AttackForm {
            target: TargetPick::None,
            weapon: WeaponPick::Starting,
            new_name: String::new(),
            new_dice: 3,
            new_extra: 0,
            new_ammo: 0,
            range: 1,
            hit_bonus: 0,
            damage_bonus: 0,
            extra: 0,
            to_hit: String::new(),
            damage: String::new(),
            defence: String::new(),
            to_hit_rerolls: String::new(),
            damage_rerolls: String::new(),
            defence_rerolls: String::new(),
            defence_die: false,
            gallows: None,
            held_by: None,
            cure: false,
        }
    }
}

impl AttackForm {
    /// After an event: the rolls are used; a weapon card played with the attack is now in play.
    pub fn after_event(&mut self, event: &Event) {
        self.to_hit.clear();
        self.damage.clear();
        self.defence.clear();
        self.to_hit_rerolls.clear();
        self.damage_rerolls.clear();
        self.defence_rerolls.clear();
        self.defence_die = false;
        self.gallows = None;
        self.cure = false;
        if let Event::Attack(a) = event {
            self.held_by = None;
            if let WeaponUse::New(card) = &a.weapon {
                self.weapon = WeaponPick::InPlay(card.name.clone());
            }
            self.hit_bonus = 0;
            self.damage_bonus = 0;
            self.extra = 0;
        }
        if matches!(event, Event::EndTurn) {
            *self = AttackForm { range: self.range, ..AttackForm::default() };
        }
    }
}

impl AttackForm {
    /// An attack was undone: its panel comes back as it was typed (target, weapon, range,
    /// bonuses, every die, the gallows square), so one wrong die is put right without typing
    /// the rest again.
    pub fn undone(&mut self, a: &Attack) {
        let faces = |dice: &[u8]| dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        self.target = match a.target {
            Target::Player(t) => TargetPick::Player(t),
            Target::Zombie => TargetPick::Zombie,
        };
        self.weapon = match &a.weapon {
            WeaponUse::Starting => WeaponPick::Starting,
            WeaponUse::InPlay { name } => WeaponPick::InPlay(name.clone()),
            WeaponUse::New(card) => {
                self.new_name.clone_from(&card.name);
                self.new_dice = card.dice;
                self.new_extra = card.extra;
                self.new_ammo = card.ammo.unwrap_or(0);
                WeaponPick::New
            }
        };
        self.range = a.range;
        self.hit_bonus = a.hit_bonus_dice;
        self.damage_bonus = a.damage_bonus_dice;
        self.extra = a.extra;
        self.to_hit = faces(&a.to_hit);
        self.damage = faces(&a.damage);
        self.defence = faces(&a.defence);
        self.to_hit_rerolls = faces(&a.to_hit_rerolls);
        self.damage_rerolls = faces(&a.damage_rerolls);
        self.defence_rerolls = faces(&a.defence_rerolls);
        self.defence_die = a.defence_bonus_dice > 0;
        self.gallows = a.gallows;
        self.held_by = a.held.then_some(a.attacker);
        self.cure = a.cure;
    }
}

/// A map hazard being resolved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HazardForm {
    pub hazard: String,
    pub check: String,
    pub damage: String,
    pub defence: String,
    /// The Saloon Gal discards a card for one more defence die.
    pub defence_die: bool,
    /// The fighter's player says he can cure a frag at once (reading R33).
    pub cure: bool,
}

impl HazardForm {
    pub fn after_event(&mut self) {
        self.defence_die = false;
        self.cure = false;
        self.check.clear();
        self.damage.clear();
        self.defence.clear();
    }
}

/// A shootout's roll-off being typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShootoutForm {
    pub holder_dice: String,
    pub holder_card: String,
    pub mover_dice: String,
    pub mover_card: String,
    pub main_street: bool,
}

impl ShootoutForm {
    pub fn after_event(&mut self) {
        *self = ShootoutForm { main_street: self.main_street, ..ShootoutForm::default() };
    }
}

fn total(dice: &[u8]) -> u32 {
    dice.iter().map(|&d| u32::from(d)).sum()
}

/// The Saloon Gal's cheat on a defence roll ("May discard one card from her hand to add one
/// die to any die roll", reading R28): a tick box when `seat` plays her, greyed with an empty
/// hand. Gives the dice it adds (0 or 1).
pub fn extra_die_ui(ui: &mut Ui, book: &Rulebook, game: &Game, seat: usize, on: &mut bool) -> u32 {
    let s = &game.state;
    let gal = s.character(book, seat).is_ok_and(|c| c.discard_for_die);
    let hand = s.players.get(seat).map_or(0, |p| p.hand);
    if !gal {
        *on = false;
        return 0;
    }
    if hand == 0 {
        *on = false;
    }
    ui.add_enabled_ui(hand > 0, |ui| {
        toggle(ui, on, &format!("{} discards a card for one more defence die", who(game, seat)));
    });
    u32::from(*on)
}

/// The attack panel for the current player (or for a player firing his held attack).
#[expect(clippy::too_many_lines, reason = "one attack from target to rolls, in the booklet's order")]
pub fn attack_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let Some(current) = s.current_player() else { return };
    let form = &mut state.attack;
    if form.held_by.is_some_and(|h| !s.holders().contains(&h)) {
        form.held_by = None;
    }
    let held = form.held_by;
    let attacker = held.unwrap_or(current);
    let attacker_name = who(game, attacker).to_owned();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // The whole width of a one-column turn in a desktop window (1024 × 768): the heading
        // and the targets share a line, and so do Attack and the gallows squares.
        let roomy = ui.available_width() >= ROOMY_PANEL;
        if held.is_some() {
            ui.label(theme::heading(
                &v,
                format!("{attacker_name} fires the held attack at {}", who(game, current)),
            ));
            if ui.button("Not now").clicked() {
                form.held_by = None;
            }
            form.target = TargetPick::Player(current);
        } else {
            {
                let left = s.attacks_left(book);
                let per_turn = s.attacks_per_turn(book, current);
                let heading = theme::heading(&v, format!("Attack · {left} of {per_turn} left this turn"));
                if left == 0 {
                    ui.label(heading);
                    ui.label(RichText::new("No attacks left this turn.").color(theme::muted(&v)));
                    return;
                }
                let heading = if roomy {
                    Some(heading)
                } else {
                    ui.label(heading);
                    None
                };
                let targets = s.targets();
                if let TargetPick::Player(t) = form.target
                    && !targets.contains(&t)
                {
                    form.target = TargetPick::None;
                }
                ui.horizontal_wrapped(|ui| {
                    if let Some(heading) = heading {
                        ui.label(heading);
                        ui.add_space(theme::GAP);
                        ui.label("Target");
                    } else {
                        row_label(ui, "Target");
                    }
                    for t in targets {
                        let selected = form.target == TargetPick::Player(t);
                        let text = RichText::new(who(game, t)).size(theme::BODY + 1.0);
                        if ui
                            .add(egui::Button::selectable(selected, text))
                            .accessible_name(format!("Target {}", who(game, t)))
                            .clicked()
                        {
                            form.target = TargetPick::Player(t);
                            form.gallows = None;
                            form.cure = false;
                        }
                    }
                    if s.variant == Variant::Zombies && s.zombies_on_board(book) > 0 {
                        let selected = form.target == TargetPick::Zombie;
                        if ui
                            .add(egui::Button::selectable(selected, "A zombie"))
                            .accessible_name("Target a zombie")
                            .clicked()
                        {
                            form.target = TargetPick::Zombie;
                        }
                    }
                    if roomy {
                        ui.add_space(theme::GAP);
                        inline_stepper(ui, "Range (squares)", &mut form.range, 1, 60);
                    }
                });
            }
        }
        let Some(p) = s.players.get(attacker) else { return };
        let starting = s.character(book, attacker).ok().and_then(|c| c.starting_weapon());
        if form.weapon == WeaponPick::Starting && starting.is_none() {
            form.weapon =
                p.weapons.first().map_or(WeaponPick::New, |w| WeaponPick::InPlay(w.card.name.clone()));
        }
        if let WeaponPick::InPlay(name) = &form.weapon
            && !p.weapons.iter().any(|w| w.card.name.eq_ignore_ascii_case(name))
        {
            form.weapon = if starting.is_some() { WeaponPick::Starting } else { WeaponPick::New };
        }
        let bonuses = form.hit_bonus + form.damage_bonus + form.extra;
        let title = if bonuses == 0 {
            "Cards' bonuses: none".to_owned()
        } else {
            format!(
                "Cards' bonuses: +{} to-hit dice, +{} damage dice, +{} damage",
                form.hit_bonus, form.damage_bonus, form.extra
            )
        };
        let open_id = egui::Id::unique("frag-attack-bonuses");
        let mut open = ui.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
        let bonuses_button = |ui: &mut Ui, open: &mut bool| {
            let arrow = if *open { "▼" } else { "▶" };
            if ui.add(egui::Button::selectable(*open, format!("{arrow} {title}")).truncate()).clicked() {
                *open = !*open;
            }
        };
        // Where the range stands on the targets' line (a desktop window), the cards' bonuses
        // end the weapons' line, in a slot of their own width whatever they say.
        let range_with_targets = roomy && held.is_none();
        ui.horizontal_wrapped(|ui| {
            row_label(ui, "Weapon");
            if let Some(w) = starting {
                let text = format!("{} ({}d)", w.name, w.dice.unwrap_or(0));
                if ui.add(egui::Button::selectable(form.weapon == WeaponPick::Starting, text)).clicked() {
                    form.weapon = WeaponPick::Starting;
                }
            }
            for w in &p.weapons {
                let ammo = w.ammo_left.map_or_else(String::new, |a| format!(", {a} ammo"));
                let text = format!("{} ({}d{ammo})", w.card.name, w.card.dice);
                let picked = form.weapon == WeaponPick::InPlay(w.card.name.clone());
                if ui.add(egui::Button::selectable(picked, text)).clicked() {
                    form.weapon = WeaponPick::InPlay(w.card.name.clone());
                }
            }
            if ui.add(egui::Button::selectable(form.weapon == WeaponPick::New, "A new weapon card")).clicked()
            {
                form.weapon = WeaponPick::New;
            }
            if range_with_targets {
                // The rest of the line, or a line of its own when little is left.
                let room = ui.available_size_before_wrap().x;
                let width = if room >= BONUSES_SLOT { room } else { ui.available_width() };
                let slot = egui::vec2(width, ui.spacing().interact_size.y);
                ui.allocate_ui_with_layout(slot, egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.set_max_width(width);
                    bonuses_button(ui, &mut open);
                });
            }
        });
        if form.weapon == WeaponPick::New {
            // The card's four numbers in two short rows, so the panel stays inside the window.
            row(ui, |ui| {
                let l = row_label(ui, "Weapon card's name");
                ui.add(
                    egui::TextEdit::singleline(&mut form.new_name)
                        .char_limit(crate::ui::widgets::MAX_FIELD_CHARS)
                        .hint_text("as printed (needed to attack)")
                        .desired_width(200.0),
                )
                .labelled_by(l.id);
            });
            row(ui, |ui| {
                inline_stepper_shown(ui, "Card's dice", "Card's damage dice", &mut form.new_dice, 1, 20);
                ui.add_space(theme::GAP);
                inline_stepper_shown(ui, "extra", "Card's extra damage", &mut form.new_extra, 0, 10);
                ui.add_space(theme::GAP);
                inline_stepper_shown(
                    ui,
                    "ammo (0: ∞)",
                    "Card's ammo (0: unlimited)",
                    &mut form.new_ammo,
                    0,
                    30,
                );
            });
        }
        // Elsewhere the range and the cards' bonuses share a row (the bonuses open under it),
        // so the longest panel keeps its Attack button inside the window.
        if !range_with_targets {
            row(ui, |ui| {
                inline_stepper(ui, "Range (squares)", &mut form.range, 1, 60);
                ui.add_space(theme::GAP);
                bonuses_button(ui, &mut open);
            });
        }
        ui.data_mut(|d| d.insert_temp(open_id, open));
        if open {
            ui.indent("frag-attack-bonuses", |ui| {
                stepper(ui, "Bonus to-hit dice", &mut form.hit_bonus, 0, 6);
                stepper(ui, "Bonus damage dice", &mut form.damage_bonus, 0, 6);
                stepper(ui, "Extra damage from cards", &mut form.extra, 0, 10);
            });
        }
        let target = match form.target {
            TargetPick::None => {
                ui.label(RichText::new("Pick the target.").color(theme::muted(&v)));
                return;
            }
            TargetPick::Player(t) => Target::Player(t),
            TargetPick::Zombie => Target::Zombie,
        };
        let weapon = match &form.weapon {
            WeaponPick::Starting => WeaponUse::Starting,
            WeaponPick::InPlay(name) => WeaponUse::InPlay { name: name.clone() },
            WeaponPick::New => WeaponUse::New(WeaponCard {
                name: form.new_name.trim().to_owned(),
                dice: form.new_dice,
                extra: form.new_extra,
                ammo: (form.new_ammo > 0).then_some(form.new_ammo),
            }),
        };
        // The Saloon Gal's extra defence die: asked before the odds, which count it.
        let defence_bonus = match target {
            Target::Player(t) => extra_die_ui(ui, book, game, t, &mut form.defence_die),
            Target::Zombie => 0,
        };
        let inputs = match s.attack_inputs(book, attacker, target, &weapon, form.hit_bonus) {
            Ok(inputs) => inputs.boosted(form.damage_bonus, form.extra).guarded(defence_bonus),
            Err(e) => {
                problem(ui, &crate::ui::sentence(&e.to_string()));
                return;
            }
        };
        let target_name = match target {
            Target::Player(t) => who(game, t).to_owned(),
            Target::Zombie => "the zombie".to_owned(),
        };
        // In a desktop window of one column (1024 × 768) the dice's rows and the odds' lines
        // stand closer, so the longest panel (the Operative's) has its odds in view.
        if roomy {
            ui.spacing_mut().item_spacing.y = ROOMY_ROW_GAP;
        }
        ui.label(
            RichText::new(format!(
                "{} at range {} · {}d{} damage against {target_name}'s {}",
                super::super::dice(inputs.hit_dice, "to-hit"),
                form.range,
                inputs.damage_dice,
                if inputs.extra > 0 { format!(" + {}", inputs.extra) } else { String::new() },
                super::super::dice(inputs.defence_dice + inputs.defence_bonus_dice, "defence")
            ))
            .strong(),
        );
        // The three dice fields are always there, in reading order (Tab goes from one to the
        // next), with the total and the verdict beside each; the Attack button comes under them
        // with the gallows squares beside it, and what else the dice call for (the cure tick, a
        // malfunction) and the odds under it, so the button stays where it is while the dice
        // are typed and when the target changes.
        // An Operative's die that comes up 1 is rolled again in a field of its own under the
        // roll (always there for him, greyed until a 1 is typed); the dice that stand decide.
        let range = form.range;
        let hit_verdict = |rolled: &[u8]| {
            Some(if total(rolled) < range {
                ("a miss", theme::muted(&v))
            } else {
                ("a hit", theme::good(&v))
            })
        };
        let again = |reroller: bool, rolled: &[u8]| reroller && rolled.contains(&1);
        let to_hit = dice_field_with(ui, "To-hit dice", &mut form.to_hit, inputs.hit_dice, |rolled| {
            if again(inputs.rerolls.attack, rolled) {
                Some(("roll each 1 again", theme::accent(&v)))
            } else {
                hit_verdict(rolled)
            }
        });
        let to_hit_rerolls = if inputs.rerolls.attack {
            reroll_field(
                ui,
                "To-hit 1s rolled again",
                &mut form.to_hit_rerolls,
                to_hit.as_deref(),
                hit_verdict,
            )
        } else {
            to_hit.as_ref().map(|_| Vec::new())
        };
        // The dice that stand: as typed for a roller who does not reroll.
        let standing = |reroller: bool, dice: Option<&Vec<u8>>, rerolls: Option<&Vec<u8>>| {
            if reroller { dice.zip(rerolls).and_then(|(d, r)| combat::rerolled(d, r)) } else { dice.cloned() }
        };
        let hit_dice = standing(inputs.rerolls.attack, to_hit.as_ref(), to_hit_rerolls.as_ref());
        let missed = hit_dice.as_ref().is_some_and(|d| total(d) < form.range);
        let again_words =
            |rolled: &[u8]| again(true, rolled).then(|| ("roll each 1 again", theme::accent(&v)));
        let stands = |stood: &[u8]| Some((format!("stands at {}", total(stood)), theme::good(&v)));
        let defence_count = inputs.defence_dice + inputs.defence_bonus_dice;
        let ((damage, damage_rerolls), (defence, defence_rerolls)) = ui
            .add_enabled_ui(!missed, |ui| {
                let damage = if inputs.rerolls.attack {
                    dice_field_with(ui, "Damage dice", &mut form.damage, inputs.damage_dice, again_words)
                } else {
                    dice_field(ui, "Damage dice", &mut form.damage, inputs.damage_dice)
                };
                let damage_rerolls = if inputs.rerolls.attack {
                    reroll_field(
                        ui,
                        "Damage 1s rolled again",
                        &mut form.damage_rerolls,
                        damage.as_deref(),
                        stands,
                    )
                } else {
                    damage.as_ref().map(|_| Vec::new())
                };
                let label = format!("{target_name}'s defence dice");
                let defence = if inputs.rerolls.defence {
                    dice_field_with(ui, &label, &mut form.defence, defence_count, again_words)
                } else {
                    dice_field(ui, &label, &mut form.defence, defence_count)
                };
                let defence_rerolls = if inputs.rerolls.defence {
                    let label = format!("{target_name}'s defence 1s rolled again");
                    reroll_field(ui, &label, &mut form.defence_rerolls, defence.as_deref(), stands)
                } else {
                    defence.as_ref().map(|_| Vec::new())
                };
                ((damage, damage_rerolls), (defence, defence_rerolls))
            })
            .inner;
        let damage_dice = standing(inputs.rerolls.attack, damage.as_ref(), damage_rerolls.as_ref());
        let defence_dice = standing(inputs.rerolls.defence, defence.as_ref(), defence_rerolls.as_ref());
        let rerolls = |r: Option<Vec<u8>>| r.unwrap_or_default();
        let (to_hit_rerolls, damage_rerolls, defence_rerolls) =
            (rerolls(to_hit_rerolls), rerolls(damage_rerolls), rerolls(defence_rerolls));
        let cure = form.cure;
        let attack = |to_hit: Vec<u8>, damage: Vec<u8>, defence: Vec<u8>, gallows: Option<u8>| {
            let hit = !damage.is_empty();
            Event::Attack(Box::new(Attack {
                attacker,
                target,
                weapon: weapon.clone(),
                range: form.range,
                hit_bonus_dice: form.hit_bonus,
                to_hit,
                damage_bonus_dice: form.damage_bonus,
                extra: form.extra,
                damage,
                defence,
                gallows,
                held: held.is_some(),
                to_hit_rerolls: to_hit_rerolls.clone(),
                damage_rerolls: if hit { damage_rerolls.clone() } else { Vec::new() },
                defence_rerolls: if hit { defence_rerolls.clone() } else { Vec::new() },
                defence_bonus_dice: if hit { defence_bonus } else { 0 },
                cure: hit && cure,
            }))
        };
        // What the typed dice do: the event to send, the verdict beside the button, and the
        // gallows rule (whose squares take the verdict's place beside the button).
        let mut event = None;
        let mut verdict = None;
        let mut rule = GallowsRule::No;
        let mut malfunction = false;
        let mut frags = false;
        let mut dealt = 0;
        match (to_hit, damage, defence, hit_dice, damage_dice, defence_dice) {
            (Some(to_hit), _, _, Some(_), _, _) if missed => {
                event = Some(attack(to_hit, Vec::new(), Vec::new(), None));
                verdict = Some("a miss".to_owned());
            }
            (Some(to_hit), Some(damage), Some(defence), Some(_), Some(stood), Some(guarded)) => {
                malfunction = !inputs.starting && stood.contains(&1);
                dealt = combat::damage(total(&stood), total(&guarded), inputs.extra);
                rule = match target {
                    Target::Player(t) => s.gallows_rule(book, t, dealt),
                    Target::Zombie => GallowsRule::No,
                };
                verdict = Some(match (dealt, target) {
                    (0, _) => "no damage".to_owned(),
                    (n, Target::Zombie) => format!("{n} damage: the zombie is fragged"),
                    (n, Target::Player(_)) if n >= inputs.defence_dice => {
                        frags = true;
                        format!("{n} damage: {target_name} is fragged")
                    }
                    (n, Target::Player(_)) => {
                        format!("{n} damage: {target_name} has {} Health left", inputs.defence_dice - n)
                    }
                });
                if rule == GallowsRule::No {
                    form.gallows = None;
                }
                event = Some(attack(to_hit, damage, defence, form.gallows));
            }
            _ => {}
        }
        let button =
            if held.is_some() { format!("Fire {attacker_name}'s held attack") } else { "Attack".to_owned() };
        // "If the damage you scored is at least twice the number of points of health your
        // target had left, he goes directly to the gallows. You choose which gallows square to
        // put him in." (deadlands:2): the button waits for the attacker's square, and says so.
        let waits = (rule == GallowsRule::Must && form.gallows.is_none()).then(|| {
            format!(
                "{button} waits for the gallows square: {dealt} damage is at least twice {target_name}'s Health, so {target_name} goes to the gallows, on the square {attacker_name} picks."
            )
        });
        let attack_row = |ui: &mut Ui| {
            main_button_waiting(ui, book, game, &button, Some(egui::Key::F), event, waits.as_deref(), commands);
            if rule == GallowsRule::No {
                let words = verdict.map(|w| RichText::new(w).size(theme::HEADING).strong().into());
                super::super::beside(ui, words, None);
            } else {
                let gallows = Gallows { rule, dealt, victim: &target_name, attacker: &attacker_name };
                gallows_ui(ui, book, game, &gallows, &mut form.gallows);
            }
        };
        // On one line where the panel has the room whatever the window: in a wrapping row the
        // gallows squares went onto a line of their own under Attack at 1024 × 768.
        if roomy {
            ui.horizontal(attack_row);
        } else {
            row(ui, attack_row);
        }
        // "and he can't cure it instantly with cards" (reading R33): the target's side of
        // the result, under the button.
        if frags
            && s.edition >= 2
            && let Target::Player(t) = target
        {
            let blood = s.players.get(t).map_or(0, |p| p.blood);
            let has = if blood > 0 { ", they have a blood counter" } else { "" };
            toggle(
                ui,
                &mut form.cure,
                &format!("{target_name} can cure it at once (a healing card, a blood counter in reach{has})"),
            );
        } else {
            form.cure = false;
        }
        if malfunction {
            ui.label(
                RichText::new("A damage die shows 1: check the weapon card's malfunction rules.")
                    .color(theme::accent(&v)),
            );
        }
        // The odds under all that the dice call for: they take a line for each Health the
        // target has, so above the dice they moved the dice and Attack when the target changed,
        // and on the longest panel (the Operative's fields for his 1s, a new card's numbers)
        // they pushed Attack and the gallows squares beside it below the window at 1280×800.
        if !roomy {
            ui.add_space(theme::GAP);
        }
        let hit = inputs.hit_odds(book, form.range).ok();
        let odds = inputs.damage_odds(book);
        let two_columns = ui.available_width() >= crate::ui::widgets::TWO_ODDS_COLUMNS;
        crate::ui::widgets::side_by_side(ui, crate::ui::widgets::TWO_ODDS_COLUMNS, |ui, column| {
            // The bars closer together than rows of buttons: they are read, not pressed, and at
            // 1024 × 768 a line for each Health took the last of them under the window.
            ui.spacing_mut().interact_size.y = ODDS_LINE;
            ui.spacing_mut().item_spacing.y = if roomy { 2.0 } else { 4.0 };
            // The column's own width, taken before its bars: the notes under them wrap inside
            // it. Wrapped to a column widened by its bars, the Operative's Cheatin' ran under
            // the damage odds beside it.
            let width = ui.available_width();
            // Left-aligned: in the columns' justified layout the words were spread out.
            let note = |ui: &mut Ui, text: RichText| {
                ui.allocate_ui_with_layout(egui::vec2(width, 0.0), egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.set_max_width(width);
                    ui.add(egui::Label::new(text).wrap());
                });
            };
            if column == 1 {
                match &odds {
                    Ok(odds) => {
                        let gallows = s.variant == Variant::Deadlands && matches!(target, Target::Player(_));
                        super::super::reference::damage_bars_ui(ui, odds, gallows);
                        if !two_columns {
                            super::super::reference::expected_damage_ui(ui, odds);
                        }
                    }
                    Err(e) => problem(ui, &crate::ui::sentence(&e.to_string())),
                }
                return;
            }
            if let Some(hit) = &hit {
                probability_bar(
                    ui,
                    &format!("Hits at range {}", form.range),
                    hit.hit_chance,
                    theme::good(&v),
                );
            }
            let Ok(odds) = &odds else { return };
            if let Some(hit) = &hit {
                probability_bar(ui, "Hit and frag", hit.hit_chance * odds.frag, theme::bad(&v));
            }
            // Beside the damage's bars, the damage's mean under the hit odds, which have fewer
            // lines than the damage's.
            if two_columns {
                super::super::reference::expected_damage_ui(ui, odds);
            }
            if let Some(a) = inputs.ammo_left {
                note(ui, RichText::new(format!("Ammo left {a}: this attack uses 1.")));
            }
            if let Some(c) = s
                .character(book, attacker)
                .ok()
                .filter(|c| !c.reroll_ones_with.is_empty() || c.discard_for_die)
            {
                note(ui, RichText::new(format!("Cheatin': {}", c.cheatin)).color(theme::muted(&v)));
            }
        });
    });
}

/// The least width, in points, of the cards' bonuses' slot at the end of the weapons' line,
/// whose button is cut short in it (whole on hover) once a bonus is counted: with less room
/// left the slot takes a line of its own.
const BONUSES_SLOT: f32 = 180.0;

/// The least width, in points, of an attack panel whose heading shares the targets' line and
/// whose Attack shares its line with the gallows squares whatever the window.
const ROOMY_PANEL: f32 = 600.0;

/// The space between the rows of the dice, Attack and the odds in a roomy panel, in points.
const ROOMY_ROW_GAP: f32 = 4.0;

/// The height of a line of odds in the attack panel, in points: the percentage's type.
const ODDS_LINE: f32 = 22.0;

/// What the typed dice do to a fighter the gallows may take.
struct Gallows<'a> {
    rule: GallowsRule,
    dealt: u32,
    victim: &'a str,
    attacker: &'a str,
}

/// The gallows beside Attack, when the damage sends (or may send) the victim there: what the
/// dice do and what Attack waits for in two short lines, then the free squares by their
/// numbers (named in full for a screen reader and on hover), and *No gallows* when hanging is
/// the attacker's choice. Under Attack they stood below the window at 1280×800 on the longest
/// panel, leaving only a greyed Attack in sight. On a desktop the squares stand from the
/// row's right end and the words are cut short in the room left (whole on hover); in a row
/// that wraps (a phone) they follow Attack onto the lines under it, which moves nothing above.
fn gallows_ui(ui: &mut Ui, book: &Rulebook, game: &Game, gallows: &Gallows<'_>, picked: &mut Option<u8>) {
    let v = ui.visuals().clone();
    let free = game.state.free_gallows(book);
    let Gallows { rule, dealt, victim, attacker } = *gallows;
    let first = match rule {
        // "you get to hang them on the gallows" (deadlands:2), in the room beside Attack.
        GallowsRule::Must => format!("{dealt} damage hangs {victim}"),
        _ => format!("{dealt} damage: {victim} may hang"),
    };
    let (second, colour) = match (*picked, rule) {
        (Some(g), _) => (format!("on gallows square {g}"), v.strong_text_color()),
        (None, GallowsRule::Must) => (format!("{attacker} picks the square:"), theme::bad(&v)),
        (None, _) => (format!("if {attacker} picks a square:"), theme::muted(&v)),
    };
    let side = if theme::is_touch(ui.ctx()) { theme::TOUCH_TARGET } else { 32.0 };
    let square = |ui: &mut Ui, g: u8, picked: &mut Option<u8>| {
        let name = book.core.gallows_squares.get(usize::from(g) - 1).map_or("", String::as_str);
        if ui
            .add(egui::Button::selectable(*picked == Some(g), g.to_string()).min_size(egui::vec2(side, 0.0)))
            .on_hover_text(format!("Gallows square {g}: {name}"))
            .accessible_name(format!("Gallows square {g}"))
            .clicked()
        {
            *picked = Some(g);
        }
    };
    let words = |ui: &mut Ui| two_lines(ui, &first, (&second, colour));
    if ui.layout().main_wrap {
        words(ui);
        for &g in &free {
            square(ui, g, picked);
        }
        if rule == GallowsRule::May
            && ui.add(egui::Button::selectable(picked.is_none(), "No gallows")).clicked()
        {
            *picked = None;
        }
        return;
    }
    let room = egui::vec2(ui.available_size_before_wrap().x, ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(room, egui::Layout::right_to_left(egui::Align::Center), |ui| {
        if rule == GallowsRule::May
            && ui.add(egui::Button::selectable(picked.is_none(), "No gallows")).clicked()
        {
            *picked = None;
        }
        for &g in free.iter().rev() {
            square(ui, g, picked);
        }
        words(ui);
    });
}

/// Two short lines in the room left on a row (a line of their own when a wrapping row has
/// less than a slot's room), each cut short at its end (whole on hover).
fn two_lines(ui: &mut Ui, first: &str, (second, colour): (&str, egui::Color32)) {
    let room = ui.available_size_before_wrap().x;
    let width = if ui.layout().main_wrap && room < 180.0 { ui.available_width() } else { room.max(0.0) };
    let font = egui::FontId::proportional(theme::BODY);
    let height = 2.0 * ui.fonts_mut(|f| f.row_height(&font)).ceil();
    ui.allocate_ui_with_layout(egui::vec2(width, height), egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.set_width(width);
        ui.spacing_mut().item_spacing.y = 0.0;
        let strong = ui.visuals().strong_text_color();
        for (text, colour) in [(first, strong), (second, colour)] {
            let label = egui::Label::new(RichText::new(text).font(font.clone()).strong().color(colour));
            ui.add(label.truncate());
        }
    });
}

/// Held attacks and shootouts (Frag Deadlands): holding one of the turn's attacks, the roll-off
/// when the current player passes in front of a held attack, and firing it.
pub fn held_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    if s.variant != Variant::Deadlands {
        return;
    }
    let Some(current) = s.current_player() else { return };
    let mover_name = who(game, current).to_owned();
    row(ui, |ui| {
        event_button(ui, book, game, "Hold an attack for a shootout", Event::HoldAttack, commands);
    });
    for holder in s.holders() {
        let name = who(game, holder).to_owned();
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(
                RichText::new(format!(
                    "{name} holds an attack: if {mover_name} passes in front, {name} may fire it."
                ))
                .strong(),
            );
            let both =
                [holder, current].iter().all(|&p| s.character(book, p).is_ok_and(|c| c.may_hold_attacks));
            if both {
                let form = &mut state.shootout;
                let speed = |p: usize| s.players.get(p).map_or(0, |p| p.fighter.speed);
                let holder_dice =
                    dice_field(ui, &format!("{name}'s Speed dice"), &mut form.holder_dice, speed(holder));
                let holder_card = card_field(ui, book, &format!("{name}'s card"), &mut form.holder_card);
                let mover_dice = dice_field(
                    ui,
                    &format!("{mover_name}'s Speed dice"),
                    &mut form.mover_dice,
                    speed(current),
                );
                let mover_card = card_field(ui, book, &format!("{mover_name}'s card"), &mut form.mover_card);
                toggle(ui, &mut form.main_street, "On Main Street (a frag draws a bonus Special)");
                let event = match (holder_dice, holder_card, mover_dice, mover_card) {
                    (Some(holder_dice), Some(holder_card), Some(mover_dice), Some(mover_card)) => {
                        Some(Event::Shootout(Box::new(Shootout {
                            holder,
                            holder_dice,
                            holder_card,
                            mover_dice,
                            mover_card,
                            main_street: form.main_street,
                        })))
                    }
                    _ => None,
                };
                main_button(ui, book, game, "Roll off the shootout", None, event, commands);
                if let Some(sh) = s.shootout.as_ref().filter(|sh| sh.holder == holder) {
                    let first = match sh.first {
                        FirstShot::Holder => format!("{name} fires first"),
                        FirstShot::Mover => format!("{mover_name} fires first"),
                        FirstShot::RollAgain => "a tie: roll again".to_owned(),
                    };
                    ui.label(
                        RichText::new(format!("{} against {}: {first}.", sh.holder_total, sh.mover_total))
                            .size(theme::HEADING)
                            .strong(),
                    );
                }
            } else {
                ui.label("The Saloon Gal takes no part in shootouts: the held attack is simply fired.");
            }
            if ui.button(RichText::new(format!("Fire {name}'s held attack")).strong()).clicked() {
                state.attack.held_by = Some(holder);
                state.attack.target = super::TargetPick::Player(current);
            }
        });
    }
}

/// A typed card for a shootout (`QH`, `10S`; a joker is drawn again), with what it adds to the
/// roll beside it ("Q♠ = 12"), or why it cannot be read.
fn card_field(ui: &mut Ui, book: &Rulebook, label: &str, text: &mut String) -> Option<PokerCard> {
    // Wide enough for the longest card ("10S") inside the field's margins, which are wider on
    // a touch screen.
    let width = super::super::typed_width(ui, "10S").max(60.0);
    row(ui, |ui| {
        let l = row_label(ui, label);
        let field = ui
            .add(
                egui::TextEdit::singleline(text)
                    .char_limit(crate::ui::widgets::MAX_FIELD_CHARS)
                    .desired_width(width)
                    .font(egui::TextStyle::Heading),
            )
            .labelled_by(l.id);
        super::super::ask_submit_on_enter(ui, &field);
        if ui
            .button("Draw")
            .on_hover_text("Posse draws a random card")
            .accessible_name(format!("Draw: {label}"))
            .clicked()
        {
            let ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
            let suits = ["S", "H", "D", "C"];
            let rank = ranks.get(rand::random_range(0..ranks.len())).copied().unwrap_or("A");
            let suit = suits.get(rand::random_range(0..suits.len())).copied().unwrap_or("S");
            *text = format!("{rank}{suit}");
        }
        let t = text.trim();
        if t.is_empty() {
            super::super::beside(ui, None, None);
            return None;
        }
        let bad = |ui: &mut Ui, why: &str| {
            let words = RichText::new(why).color(theme::bad(ui.visuals())).strong();
            super::super::beside(ui, Some(words.into()), Some(why));
        };
        match t.parse::<PokerCard>() {
            Ok(card) => {
                if let Ok(value) = shootout::card_value(book, card) {
                    let words =
                        RichText::new(format!("{} = {value}", card.label())).size(theme::HEADING).strong();
                    super::super::beside(ui, Some(words.into()), None);
                    Some(card)
                } else {
                    bad(ui, "A joker has no value here: discard it and draw another card.");
                    None
                }
            }
            Err(e) => {
                bad(ui, &crate::ui::sentence(&e.to_string()));
                None
            }
        }
    })
    .inner
}

/// The map's hazards (Frag Deadlands): acid, and the tentacle beasts' Accuracy check.
pub fn hazard_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    let Some(seat) = s.current_player() else { return };
    let Some(p) = s.players.get(seat) else { return };
    egui::CollapsingHeader::new("Map hazards: acid, tentacle beasts").id_salt("frag-hazards").show(
        ui,
        |ui| {
            let form = &mut state.hazard;
            if !book.core.hazards.iter().any(|h| h.id == form.hazard) {
                form.hazard = book.core.hazards.first().map(|h| h.id.clone()).unwrap_or_default();
            }
            row(ui, |ui| {
                for h in &book.core.hazards {
                    if ui.add(egui::Button::selectable(form.hazard == h.id, &h.name)).clicked() {
                        form.hazard.clone_from(&h.id);
                    }
                }
            });
            let Some(h) = book.core.hazards.iter().find(|h| h.id == form.hazard) else { return };
            let mut check = Vec::new();
            // The check's verdict stands beside it, and the damage fields are always there
            // (greyed out when the fighter gets past), so the button stays put.
            let (bad, good) = (theme::bad(ui.visuals()), theme::good(ui.visuals()));
            let caught = match h.accuracy_check_at_most {
                Some(at_most) => {
                    ui.label(format!(
                        "{} rolls for Accuracy: {at_most} or less and the beast has them.",
                        p.name
                    ));
                    let rolled =
                        dice_field_with(ui, "Accuracy check", &mut form.check, p.fighter.accuracy, |d| {
                            Some(if total(d) <= at_most { ("caught", bad) } else { ("they get past", good) })
                        });
                    rolled.map(|d| {
                        let caught = total(&d) <= at_most;
                        check = d;
                        caught
                    })
                }
                None => Some(true),
            };
            let (damage, defence, defence_bonus_dice) = ui
                .add_enabled_ui(caught != Some(false), |ui| {
                    let damage = dice_field(ui, &format!("{} damage dice", h.name), &mut form.damage, h.dice);
                    let bonus = extra_die_ui(ui, book, game, seat, &mut form.defence_die);
                    let label = format!("{}'s defence dice", p.name);
                    let defence = dice_field(ui, &label, &mut form.defence, p.health + bonus);
                    (damage, defence, bonus)
                })
                .inner;
            // Whether the typed dice take the fighter to 0 Health or less.
            let frags = caught == Some(true)
                && matches!((&damage, &defence), (Some(rolled), Some(stood))
                    if combat::damage(total(rolled), total(stood), 0) >= p.health.max(1));
            let cure = frags && form.cure;
            let event = match (caught, damage, defence) {
                (Some(false), _, _) => Some(Event::Hazard {
                    hazard: h.id.clone(),
                    check,
                    damage: Vec::new(),
                    defence: Vec::new(),
                    defence_bonus_dice: 0,
                    cure: false,
                }),
                (Some(true), Some(damage), Some(defence)) => Some(Event::Hazard {
                    hazard: h.id.clone(),
                    check,
                    damage,
                    defence,
                    defence_bonus_dice,
                    cure,
                }),
                _ => None,
            };
            main_button(
                ui,
                book,
                game,
                &format!("Resolve the {}", h.name.to_lowercase()),
                None,
                event,
                commands,
            );
            // Under the button, as on the attack panel (reading R33).
            if frags && s.edition >= 2 {
                let has = if p.blood > 0 { ", they have a blood counter" } else { "" };
                let tick =
                    format!("{} can cure it at once (a healing card, a blood counter in reach{has})", p.name);
                toggle(ui, &mut form.cure, &tick);
            } else {
                form.cure = false;
            }
        },
    );
}
