/* Documents into the caller's buffer (lib/kz_json.h). */
#include "lib/kz_json.h"

#include <stdio.h>
#include <stdlib.h>

long kz_json_give(json_t *doc, char *buf, size_t n) {
    char *text = doc ? kjson_text(doc) : NULL;
    json_decref(doc);
    long need = text ? snprintf(buf, n, "%s", text) : -1;
    if (!text && buf && n) buf[0] = '\0';
    free(text);
    return need;
}
