package fakegitlab

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strconv"
	"strings"
	"time"
)

// Project is a GitLab project. Private unless Public is set.
type Project struct {
	ID     int64
	Path   string // "group/name" (path_with_namespace)
	Public bool
	// DisallowDuplicates is the namespace setting generic_duplicates_allowed=false:
	// a second file with the same name in one package version gets
	// 400 "Duplicate package is not allowed". GitLab's default allows duplicates.
	DisallowDuplicates bool
}

// File is one stored package file. Duplicates (same Name) are separate Files.
type File struct {
	ID        int64
	PackageID int64
	Name      string
	Data      []byte
	CreatedAt time.Time
}

// SHA256 is the hex sha256 of the content, as GitLab's file_sha256.
func (f File) SHA256() string { return hexSum(sha256.New(), f.Data) }

type project struct {
	Project
	packages []*pkg
	releases map[string]string // tag → description (the releases API)
}

type pkg struct {
	ID        int64
	Name      string
	Version   string
	CreatedAt time.Time
	files     []*File // upload order; newest last
}

func hexSum(h hash.Hash, data []byte) string {
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

func md5Hex(b []byte) string  { return hexSum(md5.New(), b) }
func sha1Hex(b []byte) string { return hexSum(sha1.New(), b) }

// AddProject registers a project.
func (s *Server) AddProject(p Project) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.projects = append(s.projects, &project{Project: p})
}

// SetDisallowDuplicates changes the duplicate setting of a project (path or id).
func (s *Server) SetDisallowDuplicates(id string, disallow bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.findProject(id); p != nil {
		p.DisallowDuplicates = disallow
	}
}

// findProject looks a project up by numeric id or path (case-insensitive, as GitLab).
// The caller holds s.mu.
func (s *Server) findProject(id string) *project {
	n, numErr := strconv.ParseInt(id, 10, 64)
	for _, p := range s.projects {
		if (numErr == nil && p.ID == n) || strings.EqualFold(p.Path, id) {
			return p
		}
	}
	return nil
}

func (p *project) findPackage(name, version string) *pkg {
	for _, k := range p.packages {
		if k.Name == name && k.Version == version {
			return k
		}
	}
	return nil
}

func (p *project) packageByID(id string) *pkg {
	for _, k := range p.packages {
		if strconv.FormatInt(k.ID, 10) == id {
			return k
		}
	}
	return nil
}

// newest returns the most recently uploaded file with the name, as GitLab's download does.
func (k *pkg) newest(name string) *File {
	for i := len(k.files) - 1; i >= 0; i-- {
		if k.files[i].Name == name {
			return k.files[i]
		}
	}
	return nil
}
