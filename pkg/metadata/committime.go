package metadata

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Release creation times, for reproducible artifacts: never the clock.

// SourceDateEpoch parses a SOURCE_DATE_EPOCH value (seconds since 1970); "" gives
// the zero time (not set).
func SourceDateEpoch(v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	sec, err := strconv.ParseInt(v, 10, 64)
	if err != nil || sec < 0 {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds since 1970", v)
	}
	return time.Unix(sec, 0).UTC(), nil
}

// TagCommitTime is the commit time of the version's tag in the git checkout at dir,
// or of HEAD when there is no such tag; zero without git.
func TagCommitTime(dir, version string) time.Time {
	for _, rev := range []string{"refs/tags/" + version + "^{commit}", "HEAD"} {
		out, err := exec.Command("git", "-C", dir, "log", "-1", "--format=%ct", rev, "--").Output()
		if err != nil {
			continue
		}
		if sec, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil {
			return time.Unix(sec, 0).UTC()
		}
	}
	return time.Time{}
}
