#include <string.h>

#include "base/json-load.h"
#include "base/json-members.h"
#include "compute/code-json.h"

G_DEFINE_QUARK(sy - code - error - quark, sy_code_error)

static const char *const pragma_names[] = {"none", "pipeline", "unroll"};

/* Writing */

void sy_code_expr_build_json(JsonBuilder *b, const SyCodeExpr *e)
{
	if (!e) {
		json_builder_add_null_value(b);
		return;
	}
	switch (e->kind) {
	case SY_CODE_EXPR_INT: json_builder_add_int_value(b, e->value); return;
	case SY_CODE_EXPR_ID: json_builder_add_string_value(b, e->name); return;
	case SY_CODE_EXPR_OP: break;
	}
	json_builder_begin_object(b);
	sy_json_member_str(b, "op", sy_code_op_name(e->op));
	json_builder_set_member_name(b, "args");
	json_builder_begin_array(b);
	for (guint k = 0; k < e->n_args; k++)
		sy_code_expr_build_json(b, e->args[k]);
	json_builder_end_array(b);
	json_builder_end_object(b);
}

static void member_expr(JsonBuilder *b, const char *name, const SyCodeExpr *e)
{
	json_builder_set_member_name(b, name);
	sy_code_expr_build_json(b, e);
}

static void member_code(JsonBuilder *b, const char *name, const SyCode *c)
{
	json_builder_set_member_name(b, name);
	sy_code_build_json(b, c);
}

static void build_for(JsonBuilder *b, const SyCode *c)
{
	sy_json_member_str(b, "iterator", c->name);
	member_expr(b, "init", c->init);
	member_expr(b, "cond", c->cond);
	member_expr(b, "inc", c->inc);
	sy_json_member_bool(b, "degenerate", c->degenerate);
	json_builder_set_member_name(b, "trip");
	if (c->trip >= 0)
		json_builder_add_int_value(b, c->trip);
	else
		json_builder_add_null_value(b);
	sy_json_member_str(b, "pragma", pragma_names[c->pragma]);
	if (c->pragma == SY_CODE_PRAGMA_PIPELINE)
		sy_json_member_int(b, "ii", c->ii);
	member_code(b, "body", c->body);
}

void sy_code_build_json(JsonBuilder *b, const SyCode *c)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "kind", sy_code_kind_name(c->kind));
	switch (c->kind) {
	case SY_CODE_BLOCK:
		json_builder_set_member_name(b, "children");
		json_builder_begin_array(b);
		for (guint i = 0; i < c->children->len; i++)
			sy_code_build_json(b, c->children->pdata[i]);
		json_builder_end_array(b);
		break;
	case SY_CODE_FOR: build_for(b, c); break;
	case SY_CODE_IF:
		member_expr(b, "cond", c->cond);
		member_code(b, "then", c->body);
		if (c->else_body)
			member_code(b, "else", c->else_body);
		break;
	case SY_CODE_MARK:
		sy_json_member_str(b, "mark", c->name);
		member_code(b, "body", c->body);
		break;
	case SY_CODE_USER:
		sy_json_member_str(b, "name", c->name);
		if (c->stmt >= 0)
			sy_json_member_int(b, "stmt", c->stmt);
		json_builder_set_member_name(b, "args");
		json_builder_begin_array(b);
		for (guint i = 0; i < c->args->len; i++)
			sy_code_expr_build_json(b, c->args->pdata[i]);
		json_builder_end_array(b);
		break;
	}
	json_builder_end_object(b);
}

JsonNode *sy_code_to_json(const SyCode *code)
{
	JsonBuilder *b = json_builder_new();
	JsonNode *node;

	sy_code_build_json(b, code);
	node = json_builder_get_root(b);
	g_object_unref(b);
	return node;
}

/* Reading.  Errors say what is wrong (": ...") and get the path to it
 * prefixed on the way back up ("/body/children/2"). */

static gboolean invalid(GError **error, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

static gboolean invalid(GError **error, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	g_set_error(error, SY_CODE_ERROR, SY_CODE_ERROR_INVALID, ": %s", what);
	return FALSE;
}

/* Frees code read so far, for a failure. */
static SyCode *drop(SyCode *code)
{
	sy_code_free(code);
	return NULL;
}

/* Every member of o is one of names (NULL-terminated) and the first
 * n_required are there. */
static gboolean check_members(JsonObject *o, const char *const *names,
	guint n_required, GError **error)
{
	const char *why;
	const char *name = sy_json_members_check(
		o, names, n_required, NULL, &why);

	return !name || invalid(error, "%s \"%s\"", why, name);
}

static SyCodeExpr *expr_from_json(
	JsonNode *node, gboolean null_ok, GError **error);

static SyCodeExpr *op_from_json(JsonObject *o, GError **error)
{
	static const char *const names[] = {"op", "args", NULL};
	JsonNode *op_node, *args_node;
	JsonArray *list;
	SyCodeExpr **args;
	SyCodeExpr *e;
	SyCodeOp op;
	guint n;

	if (!check_members(o, names, 2, error))
		return NULL;
	op_node = json_object_get_member(o, "op");
	args_node = json_object_get_member(o, "args");
	op = sy_json_holds(op_node, G_TYPE_STRING)
		? sy_code_op_from_name(json_node_get_string(op_node))
		: SY_CODE_N_OPS;
	if (op == SY_CODE_N_OPS) {
		invalid(error, "\"op\" is not an operation (add, sub, ...)");
		return NULL;
	}
	if (!JSON_NODE_HOLDS_ARRAY(args_node)) {
		invalid(error, "\"args\" is %s, not an array",
			sy_json_type_name(args_node));
		return NULL;
	}
	list = json_node_get_array(args_node);
	n = json_array_get_length(list);
	if (!sy_code_op_takes(op, n)) {
		invalid(error, "%s does not take %u arguments",
			sy_code_op_name(op), n);
		return NULL;
	}
	args = g_new0(SyCodeExpr *, n + 1);
	for (guint k = 0; k < n; k++) {
		args[k] = expr_from_json(
			json_array_get_element(list, k), FALSE, error);
		if (args[k])
			continue;
		g_prefix_error(error, "/args/%u", k);
		for (guint j = 0; j < k; j++)
			sy_code_expr_free(args[j]);
		g_free(args);
		return NULL;
	}
	e = sy_code_expr_op(op, n, args);
	g_free(args);
	return e;
}

/* NULL without an error for null where null_ok. */
static SyCodeExpr *expr_from_json(
	JsonNode *node, gboolean null_ok, GError **error)
{
	if (null_ok && JSON_NODE_HOLDS_NULL(node))
		return NULL;
	if (sy_json_holds(node, G_TYPE_INT64))
		return sy_code_expr_int(json_node_get_int(node));
	if (sy_json_holds(node, G_TYPE_STRING))
		return sy_code_expr_id(json_node_get_string(node));
	if (JSON_NODE_HOLDS_OBJECT(node))
		return op_from_json(json_node_get_object(node), error);
	invalid(error, "%s is not an expression", sy_json_type_name(node));
	return NULL;
}

static SyCodeExpr *member_expr_from_json(
	JsonObject *o, const char *name, GError **error)
{
	SyCodeExpr *e = expr_from_json(
		json_object_get_member(o, name), FALSE, error);

	if (!e)
		g_prefix_error(error, "/%s", name);
	return e;
}

static SyCode *node_from_json(JsonNode *node, GError **error);

static SyCode *member_code_from_json(
	JsonObject *o, const char *name, GError **error)
{
	SyCode *c = node_from_json(json_object_get_member(o, name), error);

	if (!c)
		g_prefix_error(error, "/%s", name);
	return c;
}

static const char *member_string(
	JsonObject *o, const char *name, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (sy_json_holds(node, G_TYPE_STRING))
		return json_node_get_string(node);
	invalid(error, "\"%s\" is %s, not a string", name,
		sy_json_type_name(node));
	return NULL;
}

static SyCode *block_from_json(JsonObject *o, GError **error)
{
	static const char *const names[] = {"kind", "children", NULL};
	JsonNode *node;
	JsonArray *list;
	SyCode *block;

	if (!check_members(o, names, 2, error))
		return NULL;
	node = json_object_get_member(o, "children");
	if (!JSON_NODE_HOLDS_ARRAY(node)) {
		invalid(error, "\"children\" is %s, not an array",
			sy_json_type_name(node));
		return NULL;
	}
	list = json_node_get_array(node);
	block = sy_code_block_new();
	for (guint i = 0; i < json_array_get_length(list); i++) {
		SyCode *child = node_from_json(
			json_array_get_element(list, i), error);

		if (!child) {
			g_prefix_error(error, "/children/%u", i);
			return drop(block);
		}
		sy_code_block_add(block, child);
	}
	return block;
}

/* pragma and ii of a loop. */
static gboolean pragma_from_json(JsonObject *o, SyCode *loop, GError **error)
{
	const char *name = member_string(o, "pragma", error);
	JsonNode *ii = json_object_get_member(o, "ii");
	guint p = 0;

	if (!name)
		return FALSE;
	while (p < G_N_ELEMENTS(pragma_names) && strcmp(pragma_names[p], name))
		p++;
	if (p == G_N_ELEMENTS(pragma_names))
		return invalid(error,
			"\"pragma\" is \"%s\", not none, pipeline or unroll",
			name);
	loop->pragma = (SyCodePragma)p;
	if (loop->pragma != SY_CODE_PRAGMA_PIPELINE)
		return ii ? invalid(error, "\"ii\" without a pipeline") : TRUE;
	if (!ii || !sy_json_holds(ii, G_TYPE_INT64) ||
		json_node_get_int(ii) < 1 || json_node_get_int(ii) > G_MAXUINT)
		return invalid(error,
			"a pipeline needs \"ii\", an integer from 1 to %u",
			G_MAXUINT);
	loop->ii = (guint)json_node_get_int(ii);
	return TRUE;
}

/* The trip count written, checked against the loop's own. */
static gboolean trip_from_json(JsonObject *o, SyCode *loop, GError **error)
{
	JsonNode *trip = json_object_get_member(o, "trip");

	if (JSON_NODE_HOLDS_NULL(trip) && loop->trip < 0)
		return TRUE;
	if (sy_json_holds(trip, G_TYPE_INT64) &&
		json_node_get_int(trip) == loop->trip)
		return TRUE;
	if (loop->trip < 0)
		return invalid(error,
			"\"trip\" is not null, but the loop's "
			"trip count is not constant");
	return invalid(error,
		"\"trip\" is not %" G_GINT64_FORMAT ", the loop's trip count",
		loop->trip);
}

static SyCode *for_from_json(JsonObject *o, GError **error)
{
	static const char *const names[] = {"kind", "iterator", "init", "cond",
		"inc", "degenerate", "trip", "pragma", "body", "ii", NULL};
	const char *iterator;
	JsonNode *degenerate;
	SyCodeExpr *init = NULL, *cond = NULL, *inc = NULL;
	SyCode *body = NULL, *loop;

	if (!check_members(o, names, 9, error) ||
		!(iterator = member_string(o, "iterator", error)))
		return NULL;
	degenerate = json_object_get_member(o, "degenerate");
	if (!sy_json_holds(degenerate, G_TYPE_BOOLEAN)) {
		invalid(error, "\"degenerate\" is %s, not a boolean",
			sy_json_type_name(degenerate));
		return NULL;
	}
	if (!(init = member_expr_from_json(o, "init", error)) ||
		!(cond = member_expr_from_json(o, "cond", error)) ||
		!(inc = member_expr_from_json(o, "inc", error)) ||
		!(body = member_code_from_json(o, "body", error))) {
		sy_code_expr_free(init);
		sy_code_expr_free(cond);
		sy_code_expr_free(inc);
		return NULL;
	}
	loop = sy_code_for_new(iterator, init, cond, inc,
		json_node_get_boolean(degenerate), body);
	if (!trip_from_json(o, loop, error) ||
		!pragma_from_json(o, loop, error))
		return drop(loop);
	return loop;
}

static SyCode *if_from_json(JsonObject *o, GError **error)
{
	static const char *const names[] = {
		"kind", "cond", "then", "else", NULL};
	SyCodeExpr *cond;
	SyCode *then_body, *else_body = NULL;

	if (!check_members(o, names, 3, error) ||
		!(cond = member_expr_from_json(o, "cond", error)))
		return NULL;
	if (!(then_body = member_code_from_json(o, "then", error)) ||
		(json_object_has_member(o, "else") &&
			!(else_body = member_code_from_json(
				  o, "else", error)))) {
		sy_code_expr_free(cond);
		sy_code_free(then_body);
		return NULL;
	}
	return sy_code_if_new(cond, then_body, else_body);
}

static SyCode *mark_from_json(JsonObject *o, GError **error)
{
	static const char *const names[] = {"kind", "mark", "body", NULL};
	const char *name;
	SyCode *body;

	if (!check_members(o, names, 3, error) ||
		!(name = member_string(o, "mark", error)) ||
		!(body = member_code_from_json(o, "body", error)))
		return NULL;
	return sy_code_mark_new(name, body);
}

/* The optional statement index of a user node: -1 without one. */
static gboolean user_stmt_from_json(JsonObject *o, int *stmt, GError **error)
{
	JsonNode *node = json_object_get_member(o, "stmt");

	*stmt = -1;
	if (!node)
		return TRUE;
	if (!sy_json_holds(node, G_TYPE_INT64) || json_node_get_int(node) < 0 ||
		json_node_get_int(node) > G_MAXINT)
		return invalid(error, "\"stmt\" is not a statement's index");
	*stmt = (int)json_node_get_int(node);
	return TRUE;
}

static SyCode *user_from_json(JsonObject *o, GError **error)
{
	static const char *const names[] = {
		"kind", "name", "args", "stmt", NULL};
	const char *name;
	JsonNode *node;
	JsonArray *list;
	SyCode *user;
	int stmt;

	if (!check_members(o, names, 3, error) ||
		!(name = member_string(o, "name", error)) ||
		!user_stmt_from_json(o, &stmt, error))
		return NULL;
	node = json_object_get_member(o, "args");
	if (!JSON_NODE_HOLDS_ARRAY(node)) {
		invalid(error, "\"args\" is %s, not an array",
			sy_json_type_name(node));
		return NULL;
	}
	list = json_node_get_array(node);
	user = sy_code_user_new(name);
	user->stmt = stmt;
	for (guint i = 0; i < json_array_get_length(list); i++) {
		JsonNode *arg = json_array_get_element(list, i);
		SyCodeExpr *e = expr_from_json(arg, TRUE, error);

		if (!e && !JSON_NODE_HOLDS_NULL(arg)) {
			g_prefix_error(error, "/args/%u", i);
			return drop(user);
		}
		sy_code_user_add(user, e);
	}
	return user;
}

static SyCode *node_from_json(JsonNode *node, GError **error)
{
	static SyCode *(*const readers[])(JsonObject *, GError **) = {
		block_from_json, for_from_json, if_from_json, mark_from_json,
		user_from_json};
	JsonObject *o;
	const char *kind;

	if (!JSON_NODE_HOLDS_OBJECT(node)) {
		invalid(error, "%s is not a node (an object)",
			sy_json_type_name(node));
		return NULL;
	}
	o = json_node_get_object(node);
	if (!json_object_has_member(o, "kind")) {
		invalid(error, "no member \"kind\"");
		return NULL;
	}
	if (!(kind = member_string(o, "kind", error)))
		return NULL;
	for (guint k = 0; k < G_N_ELEMENTS(readers); k++)
		if (strcmp(kind, sy_code_kind_name((SyCodeKind)k)) == 0)
			return readers[k](o, error);
	invalid(error, "\"kind\" is \"%s\", not block, for, if, mark or user",
		kind);
	return NULL;
}

SyCode *sy_code_from_json(JsonNode *node, GError **error)
{
	SyCode *c = node_from_json(node, error);

	if (!c)
		g_prefix_error(error, "code");
	return c;
}

SyCodeExpr *sy_code_expr_from_json(JsonNode *node, GError **error)
{
	SyCodeExpr *e = expr_from_json(node, FALSE, error);

	if (!e)
		g_prefix_error(error, "expression");
	return e;
}

SyCode *sy_code_from_json_text(const char *text, gssize len, GError **error)
{
	JsonParser *parser = json_parser_new_immutable();
	SyCode *c = NULL;

	if (!sy_json_load(parser, text, len, error))
		;
	else if (!json_parser_get_root(parser))
		g_set_error(error, SY_CODE_ERROR, SY_CODE_ERROR_INVALID,
			"code: no JSON value");
	else
		c = sy_code_from_json(json_parser_get_root(parser), error);
	g_object_unref(parser);
	return c;
}
