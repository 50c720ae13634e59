package cli

import (
	"github.com/capirepo/capirepo/pkg/backend/configmap"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/spf13/cobra"
)

// The ConfigMap folder is a destination of the publishing core.
var (
	_ publish.Destination = (*configmap.Dest)(nil)
	_ publish.Preflighter = (*configmap.Dest)(nil)
	_ publish.Selecter    = (*configmap.Dest)(nil)
	_ publish.Locker      = (*configmap.Dest)(nil)
)

type publishConfigMapsOptions struct {
	commonPublish
	to, namespace string
}

func newPublishConfigMapsCmd(io streams) *cobra.Command {
	o := &publishConfigMapsOptions{}
	cmd := &cobra.Command{
		Use:   "configmaps --from DIR --to OUT",
		Short: "Write the cluster-api-operator's ConfigMaps and provider objects for an air gap without a registry",
		Long: `configmaps writes, into the folder OUT, what the cluster-api-operator (v0.29.0) installs a
provider from without GitHub, GitLab or a registry: per provider version a ConfigMap named
<type>-<name>-<version> with the operator's labels, data.metadata and the components (gzip
in binaryData, annotated provider.cluster.x-k8s.io/compressed: "true", exactly when
metadata + components exceed 1 MiB, as the operator does); per provider an operator
provider object whose spec.fetchConfig.selector selects its ConfigMaps and whose
spec.version is the newest; and the namespaces. Apply it with
kubectl apply --server-side -f OUT. A version over 1 MiB even compressed, or with +build
metadata, is refused (exit 3). Re-running is a no-op; different content for a version
in OUT is refused unless --replace.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return o.run(cmd, io, &configmap.Dest{Dir: o.to, Namespace: o.namespace})
		},
	}
	o.flags(cmd)
	f := cmd.Flags()
	f.StringVar(&o.to, "to", "", "output folder of YAML files (required)")
	f.StringVar(&o.namespace, "namespace", "", "namespace of every provider (default: the one Namespace each provider's components create)")
	o.replaceFlag(cmd, "replace versions whose content differs")
	_ = cmd.MarkFlagRequired("to")
	return cmd
}
