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
}

func (r *registryFlags) flags(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&r.plainHTTP, "plain-http", false, "talk plain HTTP to the registry (local test registries)")
}

// remote returns how to reach registries: OCI_USERNAME/OCI_PASSWORD/OCI_ACCESS_TOKEN/
// OCI_REFRESH_TOKEN when set, else the Docker config and its credential helpers.
func (r *registryFlags) remote(io streams) (oci.Remote, error) {
	cred, err := oci.Credentials(io.lookup)
	if err != nil {
		return oci.Remote{}, usageErr(err)
	}
	return oci.Remote{PlainHTTP: r.plainHTTP, Credential: cred}, nil
}

// createdTime is the artifacts' creation time: SOURCE_DATE_EPOCH, else the commit time
// of the git checkout capirepo runs in, else none (never the clock).
func createdTime(io streams, dir string) (time.Time, error) {
	if v := io.env("SOURCE_DATE_EPOCH"); v != "" {
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil || sec < 0 {
			return time.Time{}, usageErr(fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds since 1970", v))
		}
		return time.Unix(sec, 0).UTC(), nil
	}
	out, err := exec.Command("git", "-C", dir, "log", "-1", "--format=%ct").Output()
	if err != nil {
		return time.Time{}, nil
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return time.Time{}, nil
	}
	return time.Unix(sec, 0).UTC(), nil
}
