/* The render style that matches a widget's theme: the print style on
 * light themes, its dark variant on dark ones. */
#pragma once

#include <gtk/gtk.h>

#include "render-style.h"

G_BEGIN_DECLS

const SyRenderStyle *sy_view_style_for(GtkWidget *widget);

G_END_DECLS
