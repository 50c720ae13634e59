package cli

import (
	"context"

	"github.com/capirepo/capirepo/pkg/backend/configmap"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// addConfigMaps makes --configmaps OUT a step of mirror's transaction: the mirrored
// providers (cert-manager aside, it stays a plain manifest) written as the
// cluster-api-operator's ConfigMaps and provider objects, as publish configmaps does.
// It runs under the mirror folder's lock: checked in mirror's preflight (a conflict
// or a release the operator cannot take refuses the run before any write), written
// after images.txt and before clusterctl.yaml.
func (o *mirrorOptions) addConfigMaps(opts *mirror.Options) {
	if o.configMaps == "" {
		return
	}
	d := &configmap.Dest{Dir: o.configMaps}
	// Preflight: the same publish as a dry run refuses a conflict or a release the
	// operator cannot take before mirror writes anything.
	check := func(ctx context.Context, tx *mirror.Tx) error {
		_, err := publish.Publish(ctx, &release.Set{Releases: tx.Releases}, d, policy(o.force, true))
		return err
	}
	opts.Steps = append(opts.Steps, mirror.Step{Name: "configmaps", Preflight: check, Run: func(ctx context.Context, tx *mirror.Tx) error {
		if len(tx.Releases) == 0 {
			return nil
		}
		rep, err := publish.Publish(ctx, &release.Set{Releases: tx.Releases}, d, policy(o.force, false))
		if rep != nil {
			tx.Result.Also = append(tx.Result.Also, rep)
		}
		return err
	}})
}
