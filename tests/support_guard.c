/* Texts that end right before an unreadable page, so that a parser reading one
 * byte past the terminating NUL faults in every build, not only under
 * AddressSanitizer. */
/* MAP_ANONYMOUS is not POSIX. */
#define _DEFAULT_SOURCE
#include "support.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const char *test_guarded_text(const char *text) {
    static unsigned char *pages;
    const size_t page = (size_t)sysconf(_SC_PAGESIZE), len = strlen(text) + 1;
    if (!pages) {
        pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                     -1, 0);
        if (pages == MAP_FAILED || mprotect(pages + page, page, PROT_NONE) != 0)
            fail_msg("cannot set up a guard page");
    }
    if (len > page) fail_msg("guarded text too long");
    char *at = (char *)pages + page - len;
    memcpy(at, text, len);
    return at;
}
