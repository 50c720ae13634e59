package cli

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/spf13/cobra"
)

// registryFlags are the flags of every command that talks to a registry.
type registryFlags struct {
	plainHTTP bool
	// to are the registries (REGISTRY[/PATH]) the command pushes to: the OCI_*
	// variables are their credentials; any other registry gets the Docker config.
	to []string
}

func (r *registryFlags) flags(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&r.plainHTTP, "plain-http", false, "talk plain HTTP to the registry (local test registries)")
}

// remote returns how to reach registries: OCI_USERNAME/OCI_PASSWORD/OCI_ACCESS_TOKEN/
// OCI_REFRESH_TOKEN for the registries of r.to when set, else the Docker config and its
// credential helpers. With r.to, --plain-http is for those registries and loopback ones
// only: images are never pulled from their upstream over plain HTTP.
func (r *registryFlags) remote(io streams) (oci.Remote, error) {
	var hosts []string
	for _, to := range r.to {
		if t, err := oci.ParseTarget(to); err == nil {
			hosts = append(hosts, t.Registry)
		}
	}
	cred, err := oci.Credentials(io.lookup, hosts...)
	if err != nil {
		return oci.Remote{}, usageErr(err)
	}
	return oci.Remote{PlainHTTP: r.plainHTTP, PlainHTTPHosts: hosts, Credential: cred}, nil
}

// createdTime is the artifacts' creation time when SOURCE_DATE_EPOCH is set; else
// createdFor reads each version's tag commit (or HEAD) from git; else none (never the clock).
func createdTime(io streams) (time.Time, error) {
	v := io.env("SOURCE_DATE_EPOCH")
	if v == "" {
		return time.Time{}, nil
	}
	sec, err := strconv.ParseInt(v, 10, 64)
	if err != nil || sec < 0 {
		return time.Time{}, usageErr(fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds since 1970", v))
	}
	return time.Unix(sec, 0).UTC(), nil
}

// gitCommitTime is the commit time of the version's tag in the git checkout capirepo runs
// in, or of HEAD when there is no such tag; zero without git.
func gitCommitTime(version string) time.Time {
	for _, rev := range []string{"refs/tags/" + version + "^{commit}", "HEAD"} {
		out, err := exec.Command("git", "log", "-1", "--format=%ct", rev, "--").Output()
		if err != nil {
			continue
		}
		if sec, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil {
			return time.Unix(sec, 0).UTC()
		}
	}
	return time.Time{}
}
