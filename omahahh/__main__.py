from omahahh.cli.app import main

main()
