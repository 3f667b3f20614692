/* counters_int.h - shared between counters.c and counters_known.c only (PAPI builds). */
#ifndef SB_COUNTERS_INT_H
#define SB_COUNTERS_INT_H

#include <stddef.h>

#ifdef HAVE_PAPI
/* Returns PAPI's text for error code ret (never NULL). */
const char *counters_strerror(int ret);
/* Returns 0 when the PAPI library is initialised, else -1 with why. */
int counters_papi_init(char *why, size_t whylen);
/* Returns nothing; why = the PAPI call that failed, its error and, when the event's component is
 * disabled here, PAPI's reason for that (the reason a user can act on). */
void counters_fail_why(int code, const char *call, int ret, char *why, size_t whylen);
#endif

#endif
