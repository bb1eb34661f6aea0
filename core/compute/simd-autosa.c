/* AutoSA's SIMD candidates (compute/simd-autosa.h). */
#include <json-glib/json-glib.h>

#include "base/json-load.h"
#include "compute/simd-autosa.h"

typedef struct {
	const SyChoices *c;
	GArray *order; /* guint: indexes into c->simd */
} Order;

/* The choice below the band named name, appended once. */
static void add_inner(Order *o, const char *name)
{
	for (guint i = 0; i < o->c->simd->len; i++) {
		const SySimdChoice *sc = g_ptr_array_index(o->c->simd, i);

		if (sc->loop.in_band || g_strcmp0(sc->loop.name, name))
			continue;
		for (guint k = 0; k < o->order->len; k++)
			if (g_array_index(o->order, guint, k) == i)
				return;
		g_array_append_val(o->order, i);
		return;
	}
}

static gboolean is_inner(const Order *o, const SyNode *node)
{
	const SyBand *band = o->c->analysis->band;

	return node && node->kind == SY_NODE_FOR &&
		!g_hash_table_contains(band->absorbed, node) &&
		g_ptr_array_find_with_equal_func(
			band->inner, node->iter->name, g_str_equal, NULL);
}

/* A loop's body, through blocks of one statement. */
static const SyNode *body_of(const SyNode *node)
{
	const SyNode *b = node->body;

	while (b && b->kind == SY_NODE_BLOCK && b->children->len == 1)
		b = g_ptr_array_index(b->children, 0);
	return b;
}

static void visit(Order *o, const SyNode *node);

/* A band below the PE band: node and the loops below the band
 * perfectly nested in it, listed after the bands inside them. */
static void visit_band(Order *o, const SyNode *node)
{
	g_autoptr(GPtrArray) chain = g_ptr_array_new();
	const SyNode *last = node;

	g_ptr_array_add(chain, (gpointer)node);
	while (is_inner(o, body_of(last))) {
		last = body_of(last);
		g_ptr_array_add(chain, (gpointer)last);
	}
	visit(o, last->body);
	for (guint k = 0; k < chain->len; k++)
		add_inner(o, ((const SyNode *)chain->pdata[k])->iter->name);
}

static void visit(Order *o, const SyNode *node)
{
	if (!node)
		return;
	switch (node->kind) {
	case SY_NODE_BLOCK:
		for (guint k = 0; k < node->children->len; k++)
			visit(o, g_ptr_array_index(node->children, k));
		return;
	case SY_NODE_IF:
		visit(o, node->then_node);
		visit(o, node->else_node);
		return;
	case SY_NODE_FOR:
		if (is_inner(o, node))
			visit_band(o, node);
		else
			visit(o, node->body);
		return;
	case SY_NODE_STMT:
	case SY_NODE_DECL: return;
	}
}

GArray *sy_autosa_simd_order(const SyChoices *c)
{
	Order o = {c, g_array_new(FALSE, FALSE, sizeof(guint))};

	visit(&o, c->analysis->prog->scop);
	/* The PE band's members in its order: the space loops first
	 * (there only under --simd-touch-space), then the time loops. */
	for (int space = 1; space >= 0; space--)
		for (guint i = 0; i < c->simd->len; i++) {
			const SySimdChoice *sc = c->simd->pdata[i];

			if (sc->loop.in_band && sc->space == space)
				g_array_append_val(o.order, i);
		}
	return o.order;
}

/* The iterations of choice sc's loop where AutoSA visits it: a band
 * loop's in its tile, once latency hiding took its factor out; a loop
 * below the band's all. */
static gint64 range_of(const SySimdChoice *sc, const gint64 *tile,
	const gint64 *latency, gint64 *step)
{
	guint m = sc->loop.member;

	*step = 1;
	if (!sc->loop.in_band)
		return sc->loop.extent;
	*step = latency[m];
	return tile[m] / latency[m];
}

/* What AutoSA's coalescing test counts of one loop. */
typedef struct {
	guint accesses, layout;
	int *dims; /* per array of the SCoP: the dimension a layout change
		      makes innermost, -1 for none yet */
} Coalesced;

/* One access along sc's loop, the next iteration step iterations on
 * (a loop of one iteration has none): FALSE where it leaves its
 * element for another that is not the next of one dimension. */
static gboolean coalesced(const SyChoices *c, const SySimdChoice *sc,
	const SyAccess *access, gboolean one, gint64 step, Coalesced *k,
	guint array)
{
	int dim;
	SyStride s = sy_choices_stride(c, &sc->loop, access, &dim);

	/* Outside the loop or in a loop of one iteration, no next
	 * iteration moves the access: it stays. */
	if (s == SY_STRIDE_OUTSIDE || one)
		s = SY_STRIDE_0;
	else if (step > 1 && s != SY_STRIDE_0)
		s = SY_STRIDE_OTHER;
	k->accesses++;
	if (s == SY_STRIDE_OTHER)
		return FALSE;
	if (s != SY_STRIDE_PERMUTE)
		return TRUE;
	k->layout++;
	/* Every reference of an array changes its layout the same way. */
	if (k->dims[array] >= 0 && k->dims[array] != dim)
		return FALSE;
	k->dims[array] = dim;
	return TRUE;
}

static guint array_index(const SyScop *scop, const SyArray *array)
{
	guint k = 0;

	g_ptr_array_find(scop->arrays, array, &k);
	return k;
}

/* Appends choice i to list if it is AutoSA's candidate at these
 * sizes. */
static void candidate(const SyChoices *c, guint i, const gint64 *tile,
	const gint64 *latency, GArray *list)
{
	const SySimdChoice *sc = g_ptr_array_index(c->simd, i);
	const SyScop *scop = c->analysis->scop;
	g_autofree int *dims = g_new(int, scop->arrays->len + 1);
	Coalesced k = {0, 0, dims};
	SyAutosaSimd entry = {i, TRUE, 0, 0};
	gint64 step;

	if (!sc->parallel && !sc->reduction)
		return;
	entry.range = range_of(sc, tile, latency, &step);
	for (guint a = 0; a <= scop->arrays->len; a++)
		dims[a] = -1;
	for (guint a = 0; a < scop->accesses->len; a++) {
		const SyAccess *access = g_ptr_array_index(scop->accesses, a);

		/* AutoSA skips scalars; a band loop has every statement
		 * below it. */
		if (!access->expr || access->array->n_dims == 0 ||
			(!sc->loop.in_band &&
				sy_choices_stride(c, &sc->loop, access,
					&(int){0}) == SY_STRIDE_OUTSIDE))
			continue;
		if (!coalesced(c, sc, access, entry.range == 1, step, &k,
			    array_index(scop, access->array)))
			return;
	}
	entry.legal = k.layout == 0;
	entry.score = 2 * sc->parallel + 4 * sc->reduction +
		(double)(k.accesses - k.layout) +
		(k.layout ? (double)k.accesses / k.layout : k.accesses + 1.0);
	g_array_append_val(list, entry);
}

GArray *sy_autosa_simd_list(
	const SyChoices *c, const gint64 *tile, const gint64 *latency)
{
	g_autoptr(GArray) order = sy_autosa_simd_order(c);
	GArray *list = g_array_new(FALSE, FALSE, sizeof(SyAutosaSimd));

	for (guint k = 0; k < order->len; k++)
		candidate(
			c, g_array_index(order, guint, k), tile, latency, list);
	return list;
}

static const char *answer_at(JsonArray *answers, guint i)
{
	JsonNode *node = json_array_get_element(answers, i);
	const char *yn;

	if (!JSON_NODE_HOLDS_VALUE(node) ||
		json_node_get_value_type(node) != G_TYPE_STRING)
		return NULL;
	yn = json_node_get_string(node);
	return g_str_equal(yn, "y") || g_str_equal(yn, "n") ? yn : NULL;
}

/* AutoSA's answers are y/n per loop it would ask about: the SIMD loops
 * that carry dependences, in order. */
GHashTable *sy_autosa_simd_info(
	const SyChoices *c, const char *name, const char *json, GError **error)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	g_autofree char *key = g_strdup_printf("kernel%u", c->candidate->id);
	g_autofree char *problem = NULL;
	g_autoptr(GHashTable) over = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	g_autoptr(GPtrArray) asked = g_ptr_array_new();
	g_autoptr(GArray) order = NULL;
	JsonObject *root = NULL, *entry = NULL;
	JsonArray *answers;
	JsonNode *node;

	if (!sy_json_load(parser, json, -1, error)) {
		g_prefix_error(error, "%s: ", name);
		return NULL;
	}
	/* AutoSA asks about each loop it visits that carries
	 * dependences, in its order (compute/simd-autosa.h). */
	order = sy_autosa_simd_order(c);
	for (guint i = 0; i < order->len; i++) {
		SySimdChoice *sc = g_ptr_array_index(
			c->simd, g_array_index(order, guint, i));

		if (!sc->parallel)
			g_ptr_array_add(asked, sc);
	}
	node = json_parser_get_root(parser);
	if (JSON_NODE_HOLDS_OBJECT(node))
		root = json_node_get_object(node);
	node = root ? json_object_get_member(root, key) : NULL;
	if (node && JSON_NODE_HOLDS_OBJECT(node))
		entry = json_node_get_object(node);
	node = entry ? json_object_get_member(entry, "reduction") : NULL;
	if (!root || (node && !JSON_NODE_HOLDS_ARRAY(node))) {
		problem = g_strdup_printf("expected {\"%s\": {\"reduction\": "
					  "[\"y\", \"n\", ...]}}",
			key);
	} else if (node) {
		answers = json_node_get_array(node);
		/* Answers past those AutoSA reads are left, as it leaves
		 * them. */
		if (json_array_get_length(answers) < asked->len) {
			g_autofree char *loops = sy_choices_names(asked);

			guint n = json_array_get_length(answers);

			problem = g_strdup_printf("%s has %u reduction "
						  "answer%s, but array %u has "
						  "%u loop%s carrying "
						  "dependences: %s",
				key, n, n == 1 ? "" : "s", c->candidate->id,
				asked->len, asked->len == 1 ? "" : "s", loops);
		}
		for (guint i = 0; !problem && i < asked->len; i++) {
			const char *yn = answer_at(answers, i);
			SySimdChoice *sc = g_ptr_array_index(asked, i);

			if (!yn)
				problem = g_strdup_printf("%s: reduction "
							  "answers are \"y\" "
							  "or \"n\"",
					key);
			else
				g_hash_table_insert(over,
					g_strdup(sc->loop.name),
					GINT_TO_POINTER(yn[0] == 'y'));
		}
	}
	if (problem) {
		g_set_error(
			error, SY_CHOICES_ERROR, 0, "%s: %s", name, problem);
		return NULL;
	}
	return g_steal_pointer(&over);
}
