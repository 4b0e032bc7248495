/*
 * assets.h - the web page's files (web/: HTML, CSS, plain JavaScript),
 * compiled into the program by CMake (server/embed_assets.cmake), so the
 * page works offline and needs no files next to the binary.
 */
#ifndef KIBITZ_SERVER_ASSETS_H
#define KIBITZ_SERVER_ASSETS_H

#include <stddef.h>

struct asset {
    const char *path; /* URL path, e.g. "/app.js" ("/" is index.html) */
    const char *content_type;
    const unsigned char *data;
    size_t size;
};

/* The asset served at `path`, or NULL. */
const struct asset *asset_find(const char *path);

#endif
