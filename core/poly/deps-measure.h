/* The distances of the dependences, in the loops of the outermost
 * permutable band.  A stage of its own between deps.h and band.h: the
 * band is computed from the dependences' relations, and the distances
 * from the band, so measuring sits above both. */
#pragma once

#include "base/own.h"
#include "poly/band.h"
#include "poly/deps.h"

G_BEGIN_DECLS

/* Splits every relation of deps into dependences with one distance
 * each, in the members of band (deps->deps, sorted by kind, source,
 * sink, then distance). */
void sy_deps_measure(__isl_keep SyDeps *deps, __isl_keep const SyBand *band);

G_END_DECLS
