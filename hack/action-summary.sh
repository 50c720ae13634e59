#!/usr/bin/env bash
# Prints the job summary of the action's build (Markdown, for $GITHUB_STEP_SUMMARY):
# every finding of the SARIF file capirepo build wrote ($FINDINGS), as a table, with
# the build's outcome ($OUTCOME) and version ($VERSION). Messages are data: |, <, >
# and line breaks are escaped so no finding can change the table or add markup.
set -euo pipefail
if ! command -v jq >/dev/null; then
  echo "### capirepo build: findings in the SARIF file (output findings); jq, which lists them here, is not installed"
  exit 0
fi
jq -r --arg version "${VERSION:-}" --arg outcome "${OUTCOME:-}" '
  def cell: tostring | gsub("[\r\n]+"; " ") | gsub("\\\\"; "\\\\") | gsub("\\|"; "\\|")
    | gsub("&"; "&amp;") | gsub("<"; "&lt;") | gsub(">"; "&gt;") | gsub("`"; "\\`");
  def where: .locations[0].physicalLocation
    | (.artifactLocation.uri // "") + (if .region.startLine then ":\(.region.startLine)" else "" end);
  def count($l): [.[] | select(.level == $l)] | length;
  [.runs[].results[]] as $r
  | ($r | "\(count("error")) error(s), \(count("warning")) warning(s), \(count("note")) note(s)") as $counts
  | (if $outcome == "success" then "built" elif $outcome == "" then "checked" else "refused" end) as $verdict
  | "### capirepo build \($version | cell): \($verdict), \($counts)",
    (if ($r | length) > 0 then
      "", "| severity | rule | where | finding |", "|---|---|---|---|",
      ($r[] | "| \(.level | cell) | \(.ruleId | cell) | \(where | cell) | \(.message.text | cell) |")
    else empty end)
' "$FINDINGS"
