# SPDX-License-Identifier: Apache-2.0
# cmake -DFROM=<compile_commands.json> -DTO=<copy> -P TidyCommands.cmake
# Writes the build's compile commands without the precompiled header (PrecompiledHeaders.cmake):
# clang-tidy is clang, which cannot read the header GCC precompiled and stops at the first file.
file(READ "${FROM}" commands)
string(REGEX REPLACE " -include [^ \"]*/cmake_pch\\.hxx" "" commands "${commands}")
string(REPLACE " -Winvalid-pch" "" commands "${commands}")
file(WRITE "${TO}" "${commands}")
