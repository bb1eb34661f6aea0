/* The render style that matches a widget's theme: the print style on
 * light themes, its dark variant on dark ones; its text larger where
 * the widget is inside a window that presents (the style class
 * SY_VIEW_STYLE_PRESENTING on the widget or an ancestor). */
#pragma once

#include <gtk/gtk.h>

#include "render-style.h"

G_BEGIN_DECLS

/* The class a window takes in presentation mode (sy-commands-present.c). */
#define SY_VIEW_STYLE_PRESENTING "sy-presenting"
/* How much larger the views' text is then. */
#define SY_VIEW_STYLE_PRESENT_SCALE 1.75

const SyRenderStyle *sy_view_style_for(GtkWidget *widget);

G_END_DECLS
