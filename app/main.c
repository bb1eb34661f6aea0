/* systole: the explorer. */
#include "sy-application.h"

int main(int argc, char **argv)
{
	g_autoptr(SyApplication) app = sy_application_new();

	return g_application_run(G_APPLICATION(app), argc, argv);
}
