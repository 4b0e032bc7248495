/* libkibitz: an alpha-beta table kept between searches (include/kibitz.h),
 * so that a program searching move after move (the UGI engine) allocates
 * and clears its memory once, not at every search. */
#include "lib/kz_internal.h"
#include "search/tt.h"

#include <stdlib.h>

struct kz_table {
    struct tt tt;
    int mib;
};

int kz_table_new(int mib, kz_table **out, char *err, size_t err_n) {
    if (!out) return kz_fail(err, err_n, KZ_EINVAL, "kz_table_new: no place for the table");
    *out = NULL;
    if (mib < 1 || mib > KZ_MAX_TABLE_MIB)
        return kz_fail(err, err_n, KZ_EINVAL, "a table of %d MiB: from 1 to %d MiB", mib,
                       KZ_MAX_TABLE_MIB);
    kz_table *t = malloc(sizeof *t);
    if (!t || tt_init(&t->tt, (size_t)mib)) {
        free(t);
        return kz_fail(err, err_n, KZ_ERUNTIME, "not enough memory for a %d MiB table", mib);
    }
    t->mib = mib;
    *out = t;
    return KZ_OK;
}

void kz_table_clear(kz_table *t) {
    if (t) tt_clear(&t->tt);
}

int kz_table_mib(const kz_table *t) {
    return t ? t->mib : 0;
}

void kz_table_free(kz_table *t) {
    if (!t) return;
    tt_free(&t->tt);
    free(t);
}

struct tt *kz_table_tt(kz_table *t) {
    return t ? &t->tt : NULL;
}
