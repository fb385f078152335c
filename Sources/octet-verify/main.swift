print("octet-verify")
