from officeeval.cli import main

main()
