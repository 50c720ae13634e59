package cli

import (
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/spf13/cobra"
)

// registryFlags are the flags of every command that talks to a registry.
type registryFlags struct {
	plainHTTP    bool
	tokenServers []string // token servers on another origin that may get credentials
	// to are the registries (REGISTRY[/PATH]) the command pushes to: the OCI_*
	// variables are their credentials; any other registry gets the Docker config.
	to []string
}

func (r *registryFlags) flags(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&r.plainHTTP, "plain-http", false, "talk plain HTTP to the registry (local test registries)")
	tokenServerFlag(cmd, &r.tokenServers)
}

// tokenServerFlag adds --token-server: a registry's token server on another host or
// port gets its credentials only when named (docs/tokens.md).
func tokenServerFlag(cmd *cobra.Command, to *[]string) {
	cmd.Flags().StringSliceVar(to, "token-server", nil, "a registry's token server on another host[:port] that may receive its credentials (e.g. auth.docker.io); none by default")
}

// remote returns how to reach registries: OCI_USERNAME/OCI_PASSWORD/OCI_ACCESS_TOKEN/
// OCI_REFRESH_TOKEN for the registries of r.to when set, else the Docker config and its
// credential helpers. With r.to, --plain-http is for those registries and loopback ones
// only: images are never pulled from their upstream over plain HTTP.
func (r *registryFlags) remote(io streams) (registry.Remote, error) {
	var hosts []string
	for _, to := range r.to {
		if t, err := registry.ParseTarget(to); err == nil {
			hosts = append(hosts, t.Registry)
		}
	}
	cred, err := source.OCICredentials(io.lookup, hosts...)
	if err != nil {
		return registry.Remote{}, usageErr(err)
	}
	return registry.Remote{PlainHTTP: r.plainHTTP, PlainHTTPHosts: hosts, Credential: cred, TokenServers: r.tokenServers}, nil
}
