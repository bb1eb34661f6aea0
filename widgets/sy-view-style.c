#include "sy-view-style.h"

/* Whether widget or an ancestor has the presenting class. */
static gboolean presenting(GtkWidget *widget)
{
	for (GtkWidget *w = widget; w; w = gtk_widget_get_parent(w))
		if (gtk_style_context_has_class(gtk_widget_get_style_context(w),
			    SY_VIEW_STYLE_PRESENTING))
			return TRUE;
	return FALSE;
}

/* base with its text SY_VIEW_STYLE_PRESENT_SCALE times larger, made
 * once (the views draw on the main thread only). */
static const SyRenderStyle *large(const SyRenderStyle *base, gboolean dark)
{
	static SyRenderStyle styles[2];
	static gboolean made[2];

	if (!made[dark]) {
		styles[dark] = *base;
		styles[dark].font_size *= SY_VIEW_STYLE_PRESENT_SCALE;
		made[dark] = TRUE;
	}
	return &styles[dark];
}

const SyRenderStyle *sy_view_style_for(GtkWidget *widget)
{
	GtkStyleContext *context = gtk_widget_get_style_context(widget);
	GdkRGBA fg;
	gboolean dark;
	const SyRenderStyle *base;

	gtk_style_context_get_color(
		context, gtk_style_context_get_state(context), &fg);
	/* Light text means a dark theme. */
	dark = 0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5;
	base = dark ? sy_render_style_dark() : sy_render_style_print();
	return presenting(widget) ? large(base, dark) : base;
}
