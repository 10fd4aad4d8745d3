//! Plots as inline SVG, made with `plotters` (its SVG backend; no font files: text is left to
//! the browser, laid out by plotters' estimate).
//!
//! [`groups_per_class`] is the history plot of fuzz campaigns: one line per finding class, the
//! number of finding groups of that class after each finished campaign (`history.jsonl`), and
//! a dashed line for all groups. `urldiff serve`'s dashboard shows it, and so can a campaign's
//! own HTML report.

use crate::campaign::HistoryLine;
use plotters::prelude::*;
use std::collections::BTreeMap;

/// The plot's size in pixels.
pub const SIZE: (u32, u32) = (760, 320);

/// The width of the legend, right of the plot area: the legend never covers data, however
/// few campaigns there are.
const LEGEND_WIDTH: u32 = 210;

/// At most this many classes get a line of their own (the largest ones); the rest are summed
/// as `other classes`.
pub const MAX_CLASSES: usize = 8;

/// Line colours, one per class, in legend order (distinguishable, and dark enough on white).
const COLOURS: [RGBColor; MAX_CLASSES + 1] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x17, 0xbe, 0xcf),
    RGBColor(0x7f, 0x7f, 0x7f),
];

/// One line of the plot: its label and one value per campaign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub label: String,
    pub values: Vec<u64>,
}

/// The lines of the history plot: the [`MAX_CLASSES`] classes with the most groups over the
/// whole history (ties by name), then `other classes` when there are more, then `all groups`
/// (each campaign's `groups`). A class absent from a campaign's line counts 0 there.
pub fn history_series(history: &[HistoryLine]) -> Vec<Series> {
    let mut totals: BTreeMap<&str, u64> = BTreeMap::new();
    for line in history {
        for (class, n) in &line.groups_per_class {
            *totals.entry(class).or_default() += n;
        }
    }
    let mut classes: Vec<(&str, u64)> = totals.into_iter().collect();
    classes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let count = |line: &HistoryLine, class: &str| line.groups_per_class.get(class).copied();
    let mut series: Vec<Series> = classes
        .iter()
        .take(MAX_CLASSES)
        .map(|(class, _)| Series {
            label: (*class).to_owned(),
            values: history.iter().map(|l| count(l, class).unwrap_or(0)).collect(),
        })
        .collect();
    if classes.len() > MAX_CLASSES {
        let rest: Vec<&str> = classes[MAX_CLASSES..].iter().map(|(c, _)| *c).collect();
        series.push(Series {
            label: format!("other classes ({})", rest.len()),
            values: history.iter().map(|l| rest.iter().filter_map(|c| count(l, c)).sum()).collect(),
        });
    }
    series.push(Series {
        label: "all groups".to_owned(),
        values: history.iter().map(|l| l.groups).collect(),
    });
    series
}

/// Why the plot could not be drawn: the drawing step that failed and plotters' error.
#[derive(Debug, thiserror::Error)]
#[error("{step}: {cause}")]
pub struct PlotError {
    pub step: &'static str,
    pub cause: String,
}

/// The error of drawing `step`, for `map_err`.
fn at<E: std::fmt::Display>(step: &'static str) -> impl FnOnce(E) -> PlotError {
    move |e| PlotError { step, cause: e.to_string() }
}

/// The history plot as an `<svg>` element (no XML declaration, so it can be inlined in HTML).
/// Without history it says so in the plot area.
pub fn groups_per_class(history: &[HistoryLine]) -> String {
    let mut svg = String::new();
    let drawn = draw(&mut svg, history);
    if let Err(e) = drawn {
        // plotters only fails on a backend error, and a String backend has none; say so
        // rather than panic in a report.
        let why = e.to_string();
        let why = crate::html_text::Visible(&why);
        return maud::html! { p { "the history plot could not be drawn: " (why) } }.into_string();
    }
    svg
}

fn draw(svg: &mut String, history: &[HistoryLine]) -> Result<(), PlotError> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(at("filling the background"))?;
    if history.is_empty() {
        let style = ("sans-serif", 16).into_font().color(&RGBColor(0x57, 0x60, 0x6a));
        root.draw(&Text::new("no finished campaign yet: no history", (24, 150), style))
            .map_err(at("writing that there is no history"))?;
        return root.present().map_err(at("finishing the SVG"));
    }
    let series = history_series(history);
    let (plot_area, legend_area) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    let top = series.iter().flat_map(|s| s.values.iter()).copied().max().unwrap_or(0).max(1);
    let last = history.len().saturating_sub(1).max(1) as f64;
    let dates: Vec<String> = history.iter().map(|l| short_date(&l.date)).collect();
    let mut chart = ChartBuilder::on(&plot_area)
        .caption("finding groups per class, by campaign", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(28)
        .y_label_area_size(44)
        .right_y_label_area_size(0)
        .build_cartesian_2d(-0.2f64..last + 0.2, 0u64..top + top / 10 + 1)
        .map_err(at("laying out the chart"))?;
    chart
        .configure_mesh()
        .x_labels(history.len().min(10))
        .x_label_formatter(&|x| label_at(&dates, *x))
        .y_desc("groups")
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .draw()
        .map_err(at("drawing the axes"))?;
    for (i, s) in series.iter().enumerate() {
        let colour = colour_of(i, series.len());
        let points: Vec<(f64, u64)> =
            s.values.iter().enumerate().map(|(x, &y)| (x as f64, y)).collect();
        let style = colour.stroke_width(if i + 1 == series.len() { 1 } else { 2 });
        let line: Box<dyn Fn((f64, u64)) -> _> =
            Box::new(move |p| Circle::new(p, 3, colour.filled()));
        chart.draw_series(LineSeries::new(points.clone(), style)).map_err(at("drawing a line"))?;
        chart.draw_series(points.into_iter().map(line)).map_err(at("drawing a line's points"))?;
    }
    draw_legend(&legend_area, &series)?;
    root.present().map_err(at("finishing the SVG"))
}

/// A series' colour: black for the last (`all groups`), else its place in [`COLOURS`].
fn colour_of(i: usize, count: usize) -> RGBColor {
    if i + 1 == count {
        BLACK
    } else {
        COLOURS[i % COLOURS.len()]
    }
}

/// The legend in its own area right of the plot: a short line of each series' colour and its
/// label, one per row.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    series: &[Series],
) -> Result<(), PlotError> {
    let font = ("sans-serif", 12).into_font().color(&RGBColor(0x1b, 0x1f, 0x23));
    for (i, s) in series.iter().enumerate() {
        let y = 40 + 18 * i as i32;
        let colour = colour_of(i, series.len());
        area.draw(&PathElement::new(vec![(8, y), (26, y)], colour.stroke_width(2)))
            .map_err(at("drawing the legend"))?;
        let label = clean_label(&s.label);
        area.draw(&Text::new(label, (32, y - 7), font.clone()))
            .map_err(at("drawing the legend"))?;
    }
    Ok(())
}

/// The date label of the campaign at `x`, when `x` is (nearly) a whole campaign index.
fn label_at(dates: &[String], x: f64) -> String {
    let i = x.round();
    if (x - i).abs() > 0.01 || i < 0.0 {
        return String::new();
    }
    dates.get(i as usize).cloned().unwrap_or_default()
}

/// `2026-11-24T06:00:00Z` → `2026-11-24`; anything else as written, cut.
fn short_date(date: &str) -> String {
    clean_label(date.split('T').next().unwrap_or(date))
}

/// A label from a file as plot text: made visible ([`crate::hostile::visible`]: controls,
/// which SVG cannot hold, become escapes) and cut to 28 characters, the legend's width.
/// plotters escapes the markup characters itself.
fn clean_label(label: &str) -> String {
    let visible = crate::hostile::visible(label);
    let mut out: String = visible.chars().take(28).collect();
    if visible.chars().count() > 28 {
        out.push('…');
    }
    out
}
