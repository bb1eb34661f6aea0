#include "base/json-print.h"

__isl_give char *sy_json_print(__isl_keep JsonNode *root)
{
	g_autoptr(JsonGenerator) gen = json_generator_new();
	g_autofree char *text = NULL;

	json_generator_set_pretty(gen, TRUE);
	json_generator_set_indent(gen, 2);
	json_generator_set_root(gen, root);
	text = json_generator_to_data(gen, NULL);
	/* json-glib ends the text without a newline; files and the
	 * terminal want one. */
	return g_strconcat(text, "\n", NULL);
}
