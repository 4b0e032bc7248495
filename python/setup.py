"""Build the kibitz Python package offline against libkibitz.

The extension links the static libkibitz.a of a kibitz build: the folder
$KIBITZ_BUILD_DIR, else ../build next to this package. When that library
is missing it is built first with CMake (no network is needed):

    /usr/bin/python3 -m pip install --no-build-isolation --no-index ./python
"""
import os
import subprocess

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.environ.get("KIBITZ_BUILD_DIR", os.path.join(ROOT, "build"))
LIBRARY = os.path.join(BUILD, "libkibitz.a")

if not os.path.exists(LIBRARY):
    subprocess.check_call(["cmake", "-S", ROOT, "-B", BUILD,
                           "-DCMAKE_BUILD_TYPE=Release"])
    subprocess.check_call(["cmake", "--build", BUILD, "--target",
                           "kibitz_static", "-j2"])


def static_link_flags():
    """What a static client links besides libkibitz.a: the Libs.private line
    of the build's kibitz.pc (it names MPI when the build has it)."""
    with open(os.path.join(BUILD, "kibitz.pc")) as pc:
        for line in pc:
            if line.startswith("Libs.private:"):
                return line.split(":", 1)[1].split()
    raise RuntimeError("no Libs.private line in " + os.path.join(BUILD, "kibitz.pc"))


setup(
    name="kibitz",
    version="0.1",
    description="kibitz game engine (Kulibrat, Kerx, Kodrek, Kauda-Baji, "
                "Kotra) from Python, shaped like pyspiel",
    packages=["kibitz"],
    ext_modules=[Extension(
        "kibitz._kibitz",
        sources=[os.path.join("src", "kibitz_module.c")],
        include_dirs=[ROOT],
        extra_objects=[LIBRARY],
        extra_compile_args=["-std=c17", "-O2"],
        extra_link_args=static_link_flags(),
        depends=[LIBRARY, os.path.join(ROOT, "include", "kibitz.h")],
    )],
    python_requires=">=3.9",
)
