package manifest

import (
	"reflect"
	"strings"
	"testing"
)

// TestDuplicateKeysLaterWins: a key written twice is read as clusterctl reads it (the
// later value; clusterctl v1.14.2 generates such a template), and the duplicate is
// listed with its own file line, in a small file and in one parsed in parallel.
func TestDuplicateKeysLaterWins(t *testing.T) {
	doc := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels:\n    x: \"1\"\n    x: \"2\"\n"
	pad := strings.Repeat("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: p\n", parallelMin/40)
	for name, in := range map[string]string{"small": "---\n" + doc, "parallel": pad + "---\n" + doc} {
		t.Run(name, func(t *testing.T) {
			docs, err := Split([]byte(in))
			if err != nil {
				t.Fatal(err)
			}
			d := docs[len(docs)-1]
			base := strings.Count(in, "\n") - 7
			want := []Dup{{Key: "x", Line: base + 7, First: base + 6}}
			if !reflect.DeepEqual(d.Dups, want) {
				t.Errorf("dups = %+v, want %+v", d.Dups, want)
			}
			if got := d.Obj.StringMap("metadata", "labels")["x"]; got != "2" {
				t.Errorf("x = %q, want the later value", got)
			}
			if ref, _ := ReadClusterctl([]byte(in)); !reflect.DeepEqual(map[string]any(d.Obj), ref[len(ref)-1].Obj) {
				t.Errorf("object differs from clusterctl's reader")
			}
		})
	}
}
