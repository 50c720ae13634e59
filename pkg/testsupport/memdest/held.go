package memdest

import (
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Held is everything the destination holds as "<version>/<file>" → sha256; a
// version that is not sealed also gets the key "<version> unsealed".
func (d *Destination) Held() map[string]string {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := map[string]string{}
	for k, v := range d.versions {
		for name, data := range v.files {
			out[k.Version+"/"+name] = release.SHA256(data)
		}
		if !v.sealed {
			out[k.Version+" unsealed"] = ""
		}
	}
	return out
}

// Leave stores files of a version without sealing it: what a run that died in the
// middle of the version leaves behind.
func (d *Destination) Leave(label, ver string, files map[string][]byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	v := &version{files: map[string][]byte{}}
	for name, data := range files {
		v.files[name] = append([]byte(nil), data...)
	}
	d.versions[publish.Version{Label: label, Version: ver}] = v
}
