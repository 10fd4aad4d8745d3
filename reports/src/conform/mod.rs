//! The reports of a conform run, each a renderer of a [`ConformReport`](urldiff_conform::ConformReport):
//! [`terminal`] (the summary `urldiff conform` prints, fitted to the terminal's width),
//! [`matrix`] (the `--matrix` text), [`markdown`], [`html`] (the self-contained page),
//! [`junit`] (JUnit XML) and [`timings`] (where the run's time went, `--timings`); under them
//! [`classes`] (a divergence's classes, the ledgered divergences by class and severity),
//! [`tables`] (the run's tables, built once for every format) and [`text`] (its plain-text
//! pieces).

pub mod classes;
pub mod html;
pub mod junit;
pub mod markdown;
pub mod matrix;
pub mod tables;
pub mod terminal;
pub mod text;
pub mod timings;
