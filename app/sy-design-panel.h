/* SyDesignPanel: the I/O network of the current design.  Switches for
 * double buffering and data packing, the module hierarchy (per array
 * from the DRAM port down to the PEs, and the FIFOs) with counts, and
 * for the selected module its buffers, loop tree with trip counts and
 * FIFOs.  "options-changed" asks for the design again; selecting a row
 * emits "module-selected" with the module family's name. */
#pragma once

#include <gtk/gtk.h>

#include "comm/design.h"

G_BEGIN_DECLS

#define SY_TYPE_DESIGN_PANEL (sy_design_panel_get_type())
G_DECLARE_FINAL_TYPE(SyDesignPanel, sy_design_panel, SY, DESIGN_PANEL, GtkBox)

/* design is borrowed until the next call (NULL: none). */
void sy_design_panel_set_design(SyDesignPanel *self, const SyDesign *design);

/* The options the switches say. */
SyDesignOptions sy_design_panel_get_options(SyDesignPanel *self);

/* Sets the switches to options' (undo, redo); each switch that moves
 * emits "options-changed" as a click would. */
void sy_design_panel_set_options(
	SyDesignPanel *self, const SyDesignOptions *options);

/* Selects a module family ("A_IO_L2_in", "PE") in the tree. */
void sy_design_panel_select(SyDesignPanel *self, const char *name);

/* The text shown for the selected module (for tests). */
const char *sy_design_panel_get_details(SyDesignPanel *self);

G_END_DECLS
