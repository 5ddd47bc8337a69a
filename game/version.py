"""The one version of Kartentisch: the package metadata, `kartentisch --version`, record headers and
the crash log all read it from here."""

__version__ = "0.2.0"
