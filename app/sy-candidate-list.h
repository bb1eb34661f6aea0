/* SyCandidateList: the dataflows of an analysis, a row each: the space
 * loops, the array's shape (its PE array at its sizes once known), its
 * estimated throughput at its sizes, whether the HLS backend refuses it, its
 * space_time id as AutoSA numbers it, and what moves through it in the
 * colours the array view draws with.
 *
 * Selecting a row, by hand or with sy_candidate_list_select, emits
 * "candidate-selected" with the dataflow's id and brings the row into
 * view; refilling the list emits nothing. */
#pragma once

#include <gtk/gtk.h>

#include "poly/analysis.h"

G_BEGIN_DECLS

#define SY_TYPE_CANDIDATE_LIST (sy_candidate_list_get_type())
G_DECLARE_FINAL_TYPE(
	SyCandidateList, sy_candidate_list, SY, CANDIDATE_LIST, GtkListBox)

GtkWidget *sy_candidate_list_new(void);

/* One row per candidate of analysis (read now, not kept), none
 * selected. */
void sy_candidate_list_set_analysis(
	SyCandidateList *self, const SyAnalysis *analysis);

/* The estimated throughput of dataflow id at its sizes, as text
 * ("123 GFLOP/s"; NULL: none), with a tooltip saying what it is
 * (copied).  The text is set only when it changes: a label set again
 * asks for a new size of the list. */
void sy_candidate_list_set_throughput(SyCandidateList *self, guint id,
	const char *text /* keep */, const char *tooltip /* keep */);
const char *sy_candidate_list_get_throughput(SyCandidateList *self, guint id);

/* What dataflow id makes at its sizes: its PE array as text ("16 \u00d7
 * 16 PEs"; NULL: the row keeps what it shows), and why the HLS backend
 * refuses its design (NULL: it does not), shown as a warning icon with
 * the reason as its tooltip.  Set only when they change. */
void sy_candidate_list_set_facts(SyCandidateList *self, guint id,
	const char *pes /* keep */, const char *refused /* keep */);
const char *sy_candidate_list_get_pes(SyCandidateList *self, guint id);
/* The refusal's tooltip shown, NULL if none. */
const char *sy_candidate_list_get_refusal(SyCandidateList *self, guint id);

/* Selects the row of dataflow id; FALSE if there is none (id < 0 or
 * past the end), and then nothing changes. */
gboolean sy_candidate_list_select(SyCandidateList *self, int id);

G_END_DECLS
