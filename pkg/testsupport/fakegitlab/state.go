package fakegitlab

import "bytes"

// Seed stores a file directly, as if it had been uploaded earlier. It ignores the
// duplicate setting. The project must have been added.
func (s *Server) Seed(projectID, pkgName, version, file string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.findProject(projectID); p != nil {
		s.store(p, pkgName, version, file, data)
	}
}

// Files returns every stored file of a package version in upload order, duplicates
// included (copies; changing them does not change the server).
func (s *Server) Files(projectID, pkgName, version string) []File {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.findProject(projectID)
	if p == nil {
		return nil
	}
	k := p.findPackage(pkgName, version)
	if k == nil {
		return nil
	}
	out := make([]File, 0, len(k.files))
	for _, f := range k.files {
		c := *f
		c.Data = bytes.Clone(f.Data)
		out = append(out, c)
	}
	return out
}

// Versions returns the versions of a package name in creation order.
func (s *Server) Versions(projectID, pkgName string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	if p := s.findProject(projectID); p != nil {
		for _, k := range p.packages {
			if k.Name == pkgName {
				out = append(out, k.Version)
			}
		}
	}
	return out
}

// store adds a file to the package version, creating the package when needed (as
// GitLab's upload does). The caller holds s.mu.
func (s *Server) store(p *project, name, version, file string, data []byte) *File {
	k := p.findPackage(name, version)
	if k == nil {
		k = &pkg{ID: s.nextID(), Name: name, Version: version, CreatedAt: s.tick()}
		p.packages = append(p.packages, k)
	}
	f := &File{ID: s.nextID(), PackageID: k.ID, Name: file, Data: bytes.Clone(data), CreatedAt: s.tick()}
	k.files = append(k.files, f)
	return f
}

// deleteFile removes one file by id. The caller holds s.mu.
func (k *pkg) deleteFile(id string) bool {
	for i, f := range k.files {
		if formatID(f.ID) == id {
			k.files = append(k.files[:i], k.files[i+1:]...)
			return true
		}
	}
	return false
}
