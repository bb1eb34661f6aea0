/* The geometry of dragging a projection direction over the dependence
 * view (widgets/render-projection.h): snapping, the space row
 * orthogonal to the direction, and the transform picked from conv1d's
 * list (systole-cli transforms data/examples/conv1d.c, over (c, q)). */
#include "render-projection.h"

static const char *const conv1d[] = {
	"[[1,0],[0,1]]",
	"[[0,1],[1,1]]",
	"[[0,1],[-1,1]]",
	"[[1,0],[1,1]]",
	"[[1,0],[-1,1]]",
	"[[1,1],[0,1]]",
};

static void test_snap(void)
{
	gint64 d[2];

	g_assert_true(sy_projection_snap(10, 0.4, 1, d));
	g_assert_cmpint(d[0], ==, 1);
	g_assert_cmpint(d[1], ==, 0);
	g_assert_true(sy_projection_snap(3, -2.6, 1, d));
	g_assert_cmpint(d[0], ==, 1);
	g_assert_cmpint(d[1], ==, -1);
	g_assert_true(sy_projection_snap(-0.2, 5, 1, d));
	g_assert_cmpint(d[0], ==, 0);
	g_assert_cmpint(d[1], ==, 1);
	/* coefficients up to 2: 2:1 is primitive, 2:2 is not */
	g_assert_true(sy_projection_snap(2, 1.1, 2, d));
	g_assert_cmpint(d[0], ==, 2);
	g_assert_cmpint(d[1], ==, 1);
	g_assert_true(sy_projection_snap(5, 5, 2, d));
	g_assert_cmpint(d[0], ==, 1);
	g_assert_cmpint(d[1], ==, 1);
	g_assert_false(sy_projection_snap(0, 0, 1, d));
	g_assert_false(sy_projection_snap(1, 0, 0, d));
}

static void test_space_row(void)
{
	gint64 d[2] = {1, -1}, row[3];

	/* along (1,-1) over (c, q): k = c + q */
	sy_projection_space_row(d, 0, 1, 2, row);
	g_assert_cmpint(row[0], ==, 1);
	g_assert_cmpint(row[1], ==, 1);
	/* along q: k = c; along c: k = q */
	d[0] = 0;
	d[1] = 1;
	sy_projection_space_row(d, 0, 1, 2, row);
	g_assert_cmpint(row[0], ==, 1);
	g_assert_cmpint(row[1], ==, 0);
	d[0] = -1;
	d[1] = 0;
	sy_projection_space_row(d, 0, 1, 2, row);
	g_assert_cmpint(row[0], ==, 0);
	g_assert_cmpint(row[1], ==, 1);
	/* axes (x, y) = (k, i) of three loops (i, j, k), along (1, 1) */
	d[0] = 1;
	d[1] = 1;
	sy_projection_space_row(d, 2, 0, 3, row);
	g_assert_cmpint(row[0], ==, 1);
	g_assert_cmpint(row[1], ==, 0);
	g_assert_cmpint(row[2], ==, -1);
}

static void test_pick(void)
{
	g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL, *s4 = NULL;

	/* down-right over (c, q): SBM's [[1,1],[0,1]], k = c + q */
	g_assert_cmpint(
		sy_projection_pick(4, -3.5, 0, 1, 2, conv1d, 6, &s1), ==, 5);
	g_assert_cmpstr(s1, ==, "[1,1]");
	/* along q: the first with k = c, AutoSA's space_time[0] */
	g_assert_cmpint(
		sy_projection_pick(0.1, 2, 0, 1, 2, conv1d, 6, &s2), ==, 0);
	g_assert_cmpstr(s2, ==, "[1,0]");
	/* along c: the first with k = q */
	g_assert_cmpint(
		sy_projection_pick(2, 0.1, 0, 1, 2, conv1d, 6, &s3), ==, 1);
	g_assert_cmpstr(s3, ==, "[0,1]");
	/* up-right: k = c - q, no legal transform has it */
	g_assert_cmpint(
		sy_projection_pick(1, 1, 0, 1, 2, conv1d, 6, &s4), ==, -1);
	g_assert_cmpstr(s4, ==, "[1,-1]");
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/projection/snap", test_snap);
	g_test_add_func("/projection/space-row", test_space_row);
	g_test_add_func("/projection/pick", test_pick);
	return g_test_run();
}
