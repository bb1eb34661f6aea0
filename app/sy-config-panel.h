/* SyConfigPanel: the sizes of computation management for one dataflow.
 *
 * Per band loop a tile slider (divisors marked, any size allowed, the
 * padding a non-divisor costs shown beside it), for parallel loops a
 * latency factor among the tile's divisors and, under the switch
 * "two-level-buffer" (AutoSA's --two-level-buffer, off by default),
 * its L2 factor ("tile-l2-<loop>": 1 to its tiles, SyConfig.tile_l2);
 * the tile order; the SIMD loop and width.  Below, the equivalent systole-cli command and AutoSA
 * --sa-sizes string, copyable ("config.copy-command",
 * "config.copy-sa-sizes"; "config.reset" returns to the defaults).
 * Every change emits "changed". */
#pragma once

#include <gtk/gtk.h>

#include "compute/config.h"

G_BEGIN_DECLS

#define SY_TYPE_CONFIG_PANEL (sy_config_panel_get_type())
G_DECLARE_FINAL_TYPE(SyConfigPanel, sy_config_panel, SY, CONFIG_PANEL, GtkBox)

GtkWidget *sy_config_panel_new(void);

/* choices are borrowed and must outlive the panel's use of them (NULL:
 * nothing to configure); config is copied (NULL: the defaults).  file
 * names the kernel in the command line. */
void sy_config_panel_set_choices(SyConfigPanel *self,
	const SyChoices *choices, const SyConfig *config, const char *file);

/* The current sizes, NULL without choices. */
const SyConfig *sy_config_panel_get_config(SyConfigPanel *self);

/* What the sizes make, or why they are not allowed (markup). */
void sy_config_panel_set_status(SyConfigPanel *self, const char *markup);

G_END_DECLS
