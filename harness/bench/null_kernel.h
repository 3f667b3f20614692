/* null_kernel.h - the baseline kernel, not registered: bench subtracts it.  Also pointer
 * mode's loop, built here from kernel.h's stream loop with the kernel files' flags. */
#ifndef SB_NULL_KERNEL_H
#define SB_NULL_KERNEL_H
#include "kernels/kernel.h"
extern const struct sb_kernel sb_null_kernel;
/* Returns the stream loop's checksum over in->q with one call through f per lookup. */
uint64_t sb_pointer_stream(sb_lookup_fn f, const struct sb_input *in);
#endif
