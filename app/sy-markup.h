/* Pango markup for the explorer's side panel, from the analysis: what
 * a dataflow moves (in the colours the array view draws it with) and
 * the Details page.  Pure functions: the strings are the caller's. */
#pragma once

#include "poly/analysis.h"
#include "render-array.h"

G_BEGIN_DECLS

/* One line per I/O group of the scene: "● A read (0, 1)", the dot in
 * the array's colour. */
char *sy_markup_io(const SyArrayScene *scene);

/* The Details page: the selected dataflow (candidate, or -1 for none)
 * with its I/O groups, legality and its reasons, where the band ends,
 * and the dependences with their distances. */
char *sy_markup_details(const SyAnalysis *analysis, int candidate);

G_END_DECLS
