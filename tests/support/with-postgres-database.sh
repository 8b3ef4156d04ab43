#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs COMMAND with LCB_SERVER_DATABASE set to a new, empty database on the tests' private
# PostgreSQL (private-postgres.sh wrote where it is to ENV_FILE), and drops the database
# afterwards, whatever COMMAND's outcome. For tests that are not C++ (the real Lance client).
# Usage: with-postgres-database.sh ENV_FILE COMMAND [ARGUMENTS...]
set -euo pipefail
env_file="${1:?usage: with-postgres-database.sh ENV_FILE COMMAND [ARGUMENTS...]}"
shift
if [ ! -r "$env_file" ]; then
    echo "with-postgres-database: $env_file is missing: the private PostgreSQL is not running" \
         "(ctest starts it as the fixture postgres)" >&2
    exit 1
fi
# shellcheck source=/dev/null
. "$env_file"
name="lcb_test_$(od -An -N8 -tx8 /dev/urandom | tr -d ' \n')"
psql "$LCB_POSTGRES_URL" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $name" >/dev/null
trap 'psql "$LCB_POSTGRES_URL" -q -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null' EXIT
export LCB_SERVER_DATABASE="${LCB_POSTGRES_URL/\/postgres\?//$name?}"
"$@"
