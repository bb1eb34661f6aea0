/* systole: the explorer. */
#include <locale.h>

#include "sy-application.h"

int main(int argc, char **argv)
{
	g_autoptr(SyApplication) app = NULL;

	/* File names and the kernel's text in the user's locale. */
	setlocale(LC_ALL, "");
	app = sy_application_new();

	return g_application_run(G_APPLICATION(app), argc, argv);
}
