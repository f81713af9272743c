"""Command-line subcommands, one module each exposing ``add_parser(subparsers)``."""
