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

/* A PE array's size as the array view titles it: "16 PEs",
 * "16 \u00d7 8 PEs", "4 \u00d7 4 \u00d7 2 PEs" (pe: PEs along each of n
 * space loops, 1 to 3). */
char *sy_markup_pe_grid(const gint64 *pe, guint n);

G_END_DECLS
