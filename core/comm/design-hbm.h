/* AutoSA's --hbm: how many DRAM ports each path through DRAM gets.
 *
 * AutoSA (autosa_comm.cpp: compute_io_group_schedule, hbm_optimize)
 * tiles the loop over an I/O group's L2 modules, the outermost I/O
 * level, by its length over n: each tile is a part of the L2 daisy
 * chain, below its own L3 module and DRAM port (A_0, A_1, ...).  n is
 * the group's hbm_<group>[n] (AutoSA's manual mode, where a group
 * without its key stops the run: systole-cli autosa does too), else
 * --hbm-port-num (default 2, its auto mode).
 * It leaves a group on one port where the array-partitioning loops
 * carry its flow dependence (partial results written out and read
 * back) and for an exterior group of a one-dimensional array, and
 * falls back to one port where the chain's last index is not above n;
 * where n does not divide the chain it would make more parts than
 * ports.  Systole takes the same n and leaves the same groups on one
 * port; where n does not split the chain evenly into parts of two
 * modules or more, a path hbm_ (or --hbm-ports) names is refused and
 * one that takes --hbm-port-num keeps one port. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design-options.h"
#include "comm/io-path.h"

G_BEGIN_DECLS

/* The DRAM ports of path p, whose L2 chain has l2_count modules
 * (1 without --hbm), or 0 with an SY_DESIGN_ERROR naming the counts
 * it can take. */
guint sy_design_hbm_ports(__isl_keep const SyDesignOptions *options,
	__isl_keep const SyIoPath *p, gint64 l2_count, GError **error);

/* Whether --hbm can be built with the other options (AutoSA refuses
 * --host-serialize with it), and every prefix --hbm-ports names is a
 * path's through DRAM; else an SY_DESIGN_ERROR. */
gboolean sy_design_hbm_check(__isl_keep const SyDesignOptions *options,
	__isl_keep const GPtrArray *paths, GError **error);

G_END_DECLS
