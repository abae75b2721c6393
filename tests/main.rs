//! Integration tests, in one binary so eframe is linked once.

mod app;
mod cli;
mod crash;
mod gangs;
mod purity;
mod scenes;
