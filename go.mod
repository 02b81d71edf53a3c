module github.com/hexforge/hexforge

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/spf13/cobra v1.10.2
)

require (
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/sys v0.13.0 // indirect
)
