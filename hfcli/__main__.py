from hfcli.cli import run

run()
