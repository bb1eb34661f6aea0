/* The explorer's pictures under Xvfb (issue 15): File > Export Picture
 * (win.export-picture's writer) gives the view on screen as SVG and
 * PNG and every view of the design as a PDF, a page each, with the
 * caption, never over a file without force; Copy Image
 * (win.copy-image) puts the view on screen on the clipboard at the
 * picture's size.  Skips (77) without a display.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#define _GNU_SOURCE /* memmem */
#include <string.h>

#include <glib/gstdio.h>

#include "project/export.h"
#include "render-picture.h"
#include "uitest.h"
#include "uiwindow.h"

static char *read_text(const char *path)
{
	char *text = NULL;

	g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
	return text;
}

/* Pages of the PDF Cairo wrote at path: its page objects (its
 * streams hold NULs: searched as bytes). */
static guint pdf_pages(const char *path)
{
	static const char key[] = "/Type /Page";
	g_autofree char *data = NULL;
	const char *p, *end;
	gsize len;
	guint n = 0;

	g_assert_true(g_file_get_contents(path, &data, &len, NULL));
	end = data + len;
	for (p = data; (p = memmem(p, (size_t)(end - p), key, strlen(key)));
		p++)
		n += p + strlen(key) < end && p[strlen(key)] != 's';
	return n;
}

static void png_size(const char *path, guint *w, guint *h)
{
	g_autofree guchar *data = NULL;
	gsize len;

	g_assert_true(g_file_get_contents(path, (char **)&data, &len, NULL));
	g_assert_cmpuint(len, >, 24);
	g_assert_cmpmem(data + 1, 3, "PNG", 3);
	*w = (guint)data[16] << 24 | (guint)data[17] << 16 |
		(guint)data[18] << 8 | data[19];
	*h = (guint)data[20] << 24 | (guint)data[21] << 16 |
		(guint)data[22] << 8 | data[23];
}

static void test_export_picture(void)
{
	SyWindow *window = sy_test_open_example("mm.c");
	GtkWidget *root = GTK_WIDGET(window);
	g_autofree char *dir = g_dir_make_tmp("systole-picture-XXXXXX", NULL);
	g_autofree char *svg = g_build_filename(dir, "mm.svg", NULL);
	g_autofree char *pdf = g_build_filename(dir, "mm.pdf", NULL);
	g_autofree char *png = g_build_filename(dir, "mm.png", NULL);
	g_autofree char *gif = g_build_filename(dir, "mm.gif", NULL);
	g_autofree char *text = NULL;
	cairo_surface_t *image;
	GError *error = NULL;
	guint w, h;

	sy_test_wait(window, sy_test_settled, "the design");
	g_assert_true(g_action_group_has_action(
		G_ACTION_GROUP(window), "export-picture"));
	g_assert_true(g_action_group_has_action(
		G_ACTION_GROUP(window), "copy-image"));

	/* The Array view, as SVG: its network, the caption. */
	g_assert_true(sy_window_export_picture_to(window, svg, FALSE, &error));
	g_assert_no_error(error);
	text = read_text(svg);
	g_assert_true(g_str_has_prefix(text, "<?xml"));
	g_assert_nonnull(strstr(text, "<title>mm.c: dataflow [i, j]"));
	g_assert_nonnull(strstr(text, "AMD Alveo U250"));
	/* Not over it without force; with force, yes. */
	g_assert_false(sy_window_export_picture_to(window, svg, FALSE, &error));
	g_assert_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS);
	g_clear_error(&error);
	g_assert_true(sy_window_export_picture_to(window, svg, TRUE, &error));
	g_assert_false(sy_window_export_picture_to(window, gif, FALSE, &error));
	g_assert_error(error, SY_PICTURE_ERROR, SY_PICTURE_ERROR_FORMAT);
	g_clear_error(&error);
	g_assert_false(g_file_test(gif, G_FILE_TEST_EXISTS));

	/* Every view of the design, a page each: network, array, deps (no
	 * exploration yet). */
	g_assert_true(sy_window_export_picture_to(window, pdf, FALSE, &error));
	g_assert_cmpuint(pdf_pages(pdf), ==, 3);

	/* The PNG and the clipboard's image: the picture's size, in the
	 * screen's pixels. */
	g_assert_true(sy_window_export_picture_to(window, png, FALSE, &error));
	png_size(png, &w, &h);
	image = sy_window_picture_image(window);
	g_assert_nonnull(image);
	g_assert_cmpuint(w, ==, cairo_image_surface_get_width(image));
	g_assert_cmpuint(h, ==, cairo_image_surface_get_height(image));
	cairo_surface_destroy(image);
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "copy-image", NULL);
	{
		g_autoptr(GdkPixbuf) copied = gtk_clipboard_wait_for_image(
			gtk_widget_get_clipboard(
				root, GDK_SELECTION_CLIPBOARD));

		g_assert_nonnull(copied);
		g_assert_cmpuint(gdk_pixbuf_get_width(copied), ==, w);
		g_assert_cmpuint(gdk_pixbuf_get_height(copied), ==, h);
	}

	/* The views' context menu: its two items, Copy Image's at work. */
	{
		GtkWidget *views = sy_test_named(root, "views");
		GList *menus = views ? gtk_menu_get_for_attach_widget(views)
				     : NULL;
		GList *items;
		GtkClipboard *clip = gtk_widget_get_clipboard(
			root, GDK_SELECTION_CLIPBOARD);

		g_assert_nonnull(menus);
		g_assert_null(menus->next);
		items = gtk_container_get_children(GTK_CONTAINER(menus->data));
		g_assert_cmpuint(g_list_length(items), ==, 2);
		g_assert_cmpstr(gtk_menu_item_get_label(items->data), ==,
			"_Copy Image");
		g_assert_cmpstr(gtk_menu_item_get_label(items->next->data), ==,
			"Export _Picture…");
		gtk_clipboard_clear(clip);
		gtk_clipboard_set_text(clip, "not an image", -1);
		gtk_menu_item_activate(items->data);
		sy_test_settle(root);
		{
			g_autoptr(GdkPixbuf)
				copied = gtk_clipboard_wait_for_image(clip);

			g_assert_nonnull(copied);
			g_assert_cmpuint(gdk_pixbuf_get_width(copied), ==, w);
		}
		g_list_free(items);
	}

	/* The Dependences view on screen: its picture, the plot's width. */
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("deps"));
	sy_test_settle(root);
	image = sy_window_picture_image(window);
	g_assert_nonnull(image);
	g_assert_cmpint(cairo_image_surface_get_width(image), ==,
		960 * gtk_widget_get_scale_factor(root));
	cairo_surface_destroy(image);

	sy_test_remove_tree(dir);
	gtk_widget_destroy(root);
	g_object_unref(window);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/export-picture", test_export_picture},
	{NULL, NULL},
};
