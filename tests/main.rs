//! Integration tests, in one binary so eframe is linked once.

mod app;
mod cards;
mod cli;
mod covered;
mod crash;
mod dmh_screens;
mod docs;
mod frag;
mod fragmaster;
mod fragmaster_screens;
mod fuzz;
mod gangs;
mod journal;
mod play;
mod purity;
mod savage;
mod savage_screens;
mod scenes;
mod serve;
mod share;
mod share_fixtures;
mod steady;
mod support;
mod systems;
mod touch;
