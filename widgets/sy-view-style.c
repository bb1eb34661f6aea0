#include "sy-view-style.h"

const SyRenderStyle *sy_view_style_for(GtkWidget *widget)
{
	GtkStyleContext *context = gtk_widget_get_style_context(widget);
	GdkRGBA fg;

	gtk_style_context_get_color(
		context, gtk_style_context_get_state(context), &fg);
	/* Light text means a dark theme. */
	if (0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5)
		return sy_render_style_dark();
	return sy_render_style_print();
}
